import { useEffect, useId, useLayoutEffect, useRef, type ReactNode } from 'react';
import { useT } from '../../../lib/labels/use-t.js';
import './modal.labels.js';
import './modal.css';

const FOCUSABLE = [
  'a[href]',
  'area[href]',
  'button:not([disabled])',
  'input:not([disabled]):not([type="hidden"])',
  'select:not([disabled])',
  'textarea:not([disabled])',
  'iframe',
  'summary',
  '[contenteditable="true"]',
  '[tabindex]:not([tabindex="-1"])',
].join(',');

const focusableIn = (root: HTMLElement): HTMLElement[] =>
  Array.from(root.querySelectorAll<HTMLElement>(FOCUSABLE)).filter(
    (element) => !element.closest('[hidden], [inert]'),
  );

// jsdom (tests) has no showModal(); there the dialog is simply marked open.
function showDialog(dialog: HTMLDialogElement): void {
  if ('showModal' in dialog) {
    if (!dialog.open) dialog.showModal();
  } else {
    (dialog as HTMLElement).setAttribute('open', '');
  }
}

function hideDialog(dialog: HTMLDialogElement): void {
  if ('close' in dialog) dialog.close();
  else (dialog as HTMLElement).removeAttribute('open');
}

/**
 * A dialog on the native <dialog> (showModal), open while mounted: its title, a close icon,
 * its content and an optional footer of actions. Closes on a backdrop click, the close icon or
 * Escape; keeps Tab inside; gives focus back to whatever had it before. The §2 modal and the
 * confirmations (ConfirmDialog) are made of it.
 */
export function DialogFrame({
  title,
  onClose,
  children,
  footer,
  initialFocus = 'close',
}: {
  title: string;
  /** Called for the close icon, a backdrop click and Escape. */
  onClose: () => void;
  children: ReactNode;
  footer?: ReactNode;
  /** What takes the focus on opening: the close icon, or the footer's first button. */
  initialFocus?: 'close' | 'footer';
}) {
  const t = useT();
  const titleId = useId();
  const dialogRef = useRef<HTMLDialogElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);
  const footerRef = useRef<HTMLDivElement>(null);
  const onCloseRef = useRef(onClose);
  useEffect(() => {
    onCloseRef.current = onClose;
  }, [onClose]);
  const focusFooter = initialFocus === 'footer';

  // A layout effect: shown, focused and listening when it paints (a plain effect may run after the frame that shows it).
  useLayoutEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    showDialog(dialog);
    const first = focusFooter ? footerRef.current?.querySelector('button') : null;
    (first ?? closeRef.current)?.focus();

    const requestClose = () => onCloseRef.current();
    // The browser's own close request (Escape, back gesture): let React decide instead.
    const onCancel = (event: Event) => {
      event.preventDefault();
      requestClose();
    };
    // With no padding on the dialog, a click whose target is the dialog itself hit the backdrop.
    const onClick = (event: MouseEvent) => {
      if (event.target === dialog) requestClose();
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.preventDefault();
        requestClose();
        return;
      }
      if (event.key !== 'Tab') return;
      const focusable = focusableIn(dialog);
      const first = focusable[0];
      const last = focusable[focusable.length - 1];
      if (!first || !last) {
        event.preventDefault();
        return;
      }
      const active = document.activeElement;
      if (event.shiftKey && (active === first || active === dialog || !dialog.contains(active))) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && (active === last || !dialog.contains(active))) {
        event.preventDefault();
        first.focus();
      }
    };
    dialog.addEventListener('cancel', onCancel);
    dialog.addEventListener('click', onClick);
    dialog.addEventListener('keydown', onKeyDown);
    return () => {
      dialog.removeEventListener('cancel', onCancel);
      dialog.removeEventListener('click', onClick);
      dialog.removeEventListener('keydown', onKeyDown);
      hideDialog(dialog);
      if (opener?.isConnected) opener.focus();
    };
  }, [focusFooter]);

  return (
    <dialog ref={dialogRef} className="ui-modal" aria-labelledby={titleId}>
      <div className="ui-modal__frame">
        <div className="ui-modal__header">
          <h2 id={titleId} className="ui-modal__title">
            {title}
          </h2>
          <button
            ref={closeRef}
            type="button"
            className="ui-modal__close"
            aria-label={t('modal.close')}
            onClick={onClose}
          >
            <span aria-hidden="true">×</span>
          </button>
        </div>
        {children}
        {footer && (
          <div ref={footerRef} className="ui-modal__footer">
            {footer}
          </div>
        )}
      </div>
    </dialog>
  );
}
