import { useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import { useT } from '../../lib/labels/use-t.js';
import './idle-logout.labels.js';
import './idle-logout.css';

/** Screen readers hear the countdown every 15 s and each of the last 10 s, not every tick. */
function announced(seconds: number): boolean {
  return seconds <= 10 || seconds % 15 === 0;
}

// jsdom (tests) has no showModal(); there the dialog is simply marked open.
function showDialog(dialog: HTMLDialogElement): void {
  if ('showModal' in dialog) {
    if (!dialog.open) dialog.showModal();
  } else {
    (dialog as HTMLElement).setAttribute('open', '');
  }
}

export interface IdleWarningProps {
  secondsLeft: number;
  onStay: () => void;
  onSignOut: () => void;
}

/** The last minute's warning of the idle sign-out (idle-logout.tsx loads it when due). */
export function IdleWarning({ secondsLeft, onStay, onSignOut }: IdleWarningProps) {
  const t = useT();
  const titleId = useId();
  const messageId = useId();
  const dialogRef = useRef<HTMLDialogElement>(null);
  const stayRef = useRef<HTMLButtonElement>(null);
  const onStayRef = useRef(onStay);
  useEffect(() => {
    onStayRef.current = onStay;
  }, [onStay]);
  const [announcement, setAnnouncement] = useState(secondsLeft);
  if (announced(secondsLeft) && announcement !== secondsLeft) setAnnouncement(secondsLeft);

  // A layout effect: shown, focused and listening when it paints (a plain effect may run after the frame that shows it).
  useLayoutEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return undefined;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    showDialog(dialog);
    stayRef.current?.focus();
    // Escape: the user is clearly there.
    const onCancel = (event: Event) => {
      event.preventDefault();
      onStayRef.current();
    };
    dialog.addEventListener('cancel', onCancel);
    return () => {
      dialog.removeEventListener('cancel', onCancel);
      if ('close' in dialog && dialog.open) dialog.close();
      if (opener?.isConnected) opener.focus();
    };
  }, []);

  return (
    <dialog
      ref={dialogRef}
      className="ui-modal idle-warning"
      aria-labelledby={titleId}
      aria-describedby={messageId}
    >
      <div className="ui-modal__frame">
        <h2 id={titleId} className="ui-modal__title">
          {t('idle.title')}
        </h2>
        <p id={messageId}>{t('idle.message')}</p>
        <p className="idle-warning__countdown" aria-hidden="true">
          {t('idle.countdown', { seconds: secondsLeft })}
        </p>
        <p className="ui-visually-hidden" aria-live="assertive" aria-atomic="true">
          {t('idle.announcement', { count: announcement })}
        </p>
        <div className="idle-warning__actions">
          <button type="button" className="idle-warning__secondary" onClick={onSignOut}>
            {t('idle.signOut')}
          </button>
          <button ref={stayRef} type="button" className="ui-modal__consent" onClick={onStay}>
            {t('idle.stay')}
          </button>
        </div>
      </div>
    </dialog>
  );
}
