import { useMemo } from 'react';
import { sanitizeRichHtml } from '../../../lib/html/sanitize-rich-html.js';
import { type LabelKey, useT } from '../../../lib/labels/use-t.js';
import { DialogFrame } from './dialog-frame.js';

export interface ModalProps {
  title: string;
  /** HTML from a content document; sanitised with the shared allow-list before it reaches the DOM. */
  body: string;
  /** Called for the close icon, a backdrop click, Escape and after the consent button. */
  onClose: () => void;
  /** Show a consent button with this label key (e.g. 'modal.consent'). */
  consentLabelKey?: LabelKey;
  /** Called when the consent button is pressed, before the modal closes. */
  onConsent?: () => void;
}

/** §2 Modal: a content document's title and HTML, with an optional consent button. */
export function Modal({ title, body, onClose, consentLabelKey, onConsent }: ModalProps) {
  const t = useT();
  const safeBody = useMemo(() => sanitizeRichHtml(body), [body]);
  return (
    <DialogFrame
      title={title}
      onClose={onClose}
      footer={
        consentLabelKey && (
          <button
            type="button"
            className="ui-modal__consent"
            onClick={() => {
              onConsent?.();
              onClose();
            }}
          >
            {t(consentLabelKey)}
          </button>
        )
      }
    >
      <div className="ui-modal__body" dangerouslySetInnerHTML={{ __html: safeBody }} />
    </DialogFrame>
  );
}
