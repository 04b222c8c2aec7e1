import { useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '../../config/paths.js';
import { getConfig } from '../../config/runtime-config.js';
import {
  idleRemainingMs,
  LAST_ACTIVITY_KEY,
  recordActivity,
  rememberIdleReturnPath,
  warningMsFor,
} from '../../lib/auth/idle.js';
import { useT } from '../../lib/labels/use-t.js';
import './idle-logout.labels.js';
import './idle-logout.css';

/** How often the shared clock is checked, and how rarely activity is written to storage. */
const TICK_MS = 1000;
const ACTIVITY_WRITE_MS = 5000;
const ACTIVITY_EVENTS = ['pointerdown', 'pointermove', 'keydown', 'wheel', 'touchstart', 'scroll'];

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

/**
 * Idle sign-out (issue 11; ADR 0020): after `idleTimeoutMinutes` (config.json,
 * IDLE_TIMEOUT_MINUTES) without activity in any tab, a warning dialog counts down the last
 * minute. "Stay signed in" (or Escape) counts as activity; otherwise the user is signed out
 * and the path and query they were on are kept for their next sign-in. Mounted only while
 * signed in.
 */
export function IdleLogout() {
  const timeoutMs = getConfig().idleTimeoutMinutes * 60_000;
  const navigate = useNavigate();
  const [secondsLeft, setSecondsLeft] = useState<number | null>(null);
  const warning = secondsLeft !== null;
  const warningRef = useRef(false);
  useEffect(() => {
    warningRef.current = warning;
  }, [warning]);

  useEffect(() => {
    if (timeoutMs <= 0) return undefined;
    const startedAt = Date.now();
    // In a task of its own: a page's first write to local storage costs a slow phone about
    // 8 ms, and this effect runs in the one task with every other effect of the first screen
    // (issue 25). Until then the clock counts from startedAt anyway.
    const firstWrite = setTimeout(() => recordActivity(startedAt), 0);
    const warningMs = warningMsFor(timeoutMs);
    let lastWrite = startedAt;
    let signedOut = false;

    const tick = () => {
      if (signedOut) return;
      const remaining = idleRemainingMs(timeoutMs, startedAt);
      if (remaining <= 0) {
        signedOut = true;
        setSecondsLeft(null);
        // The router uses the browser's history: this is the page the user is on.
        rememberIdleReturnPath(`${window.location.pathname}${window.location.search}`);
        void navigate(paths.logout());
      } else if (remaining <= warningMs) {
        setSecondsLeft(Math.ceil(remaining / 1000));
      } else {
        setSecondsLeft(null);
      }
    };
    // Activity in this tab; while the warning is up only its buttons count.
    const onActivity = () => {
      if (warningRef.current) return;
      const now = Date.now();
      if (now - lastWrite < ACTIVITY_WRITE_MS) return;
      lastWrite = now;
      recordActivity(now);
    };
    // Activity in another tab: react at once instead of on the next tick.
    const onStorage = (event: StorageEvent) => {
      if (event.key === LAST_ACTIVITY_KEY) tick();
    };

    const timer = setInterval(tick, TICK_MS);
    for (const type of ACTIVITY_EVENTS) {
      document.addEventListener(type, onActivity, { capture: true, passive: true });
    }
    window.addEventListener('storage', onStorage);
    return () => {
      clearTimeout(firstWrite);
      clearInterval(timer);
      for (const type of ACTIVITY_EVENTS) {
        document.removeEventListener(type, onActivity, { capture: true });
      }
      window.removeEventListener('storage', onStorage);
    };
  }, [timeoutMs, navigate]);

  const stay = () => {
    recordActivity();
    setSecondsLeft(null);
  };
  const signOutNow = () => {
    setSecondsLeft(null);
    void navigate(paths.logout());
  };

  if (secondsLeft === null) return null;
  return <IdleWarning secondsLeft={secondsLeft} onStay={stay} onSignOut={signOutNow} />;
}

interface IdleWarningProps {
  secondsLeft: number;
  onStay: () => void;
  onSignOut: () => void;
}

function IdleWarning({ secondsLeft, onStay, onSignOut }: IdleWarningProps) {
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
