import type { ReactNode } from 'react';
import { useT } from '../../../lib/labels/use-t.js';
import { DialogFrame } from './dialog-frame.js';
import { SecondaryButton } from '../button/secondary-button.js';

export interface ConfirmAction {
  label: string;
  /** danger: the destructive choice, drawn as such; secondary: a milder choice beside it. */
  tone: 'danger' | 'secondary' | 'primary';
  onSelect: () => void;
}

/**
 * A question before an action that cannot be undone: its title and text, Cancel (which has the
 * focus, so Enter never destroys by accident) and the choices. Escape, the close icon and a
 * backdrop click cancel too.
 */
export function ConfirmDialog({
  title,
  children,
  actions,
  onCancel,
}: {
  title: string;
  children: ReactNode;
  actions: readonly ConfirmAction[];
  onCancel: () => void;
}) {
  const t = useT();
  const toneClass = {
    danger: 'ui-button ui-button--danger',
    secondary: 'ui-button ui-button--secondary',
    primary: 'ui-button',
  };
  return (
    <DialogFrame
      title={title}
      onClose={onCancel}
      initialFocus="footer"
      footer={
        <>
          <SecondaryButton onClick={onCancel}>{t('modal.cancel')}</SecondaryButton>
          {actions.map((action) => (
            <button
              key={action.label}
              type="button"
              className={toneClass[action.tone]}
              onClick={action.onSelect}
            >
              {action.label}
            </button>
          ))}
        </>
      }
    >
      <div className="ui-modal__body">{children}</div>
    </DialogFrame>
  );
}
