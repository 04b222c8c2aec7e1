import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { RETURN_URL_PARAM } from '../../config/paths.js';
import { safeReturnPath } from '../../lib/auth/safe-redirect.js';
import { login } from '../../lib/auth/session.js';
import { useT } from '../../lib/labels/use-t.js';
import './routes.labels.js';

/**
 * §2 login: starts sign-in (clears both tokens, goes to the provider). The optional returnUrl
 * is where the callback brings the user back; anything but a same-origin path becomes '/'.
 */
export function LoginPage() {
  const t = useT();
  const [searchParams] = useSearchParams();
  const returnUrl = safeReturnPath(searchParams.get(RETURN_URL_PARAM));
  const [attempt, setAttempt] = useState(0);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let active = true;
    // login() joins a running attempt (one at a time, §4), so a repeated effect is harmless.
    login(returnUrl).catch((error: unknown) => {
      console.error('Sign-in could not be started', error);
      if (active) setFailed(true);
    });
    return () => {
      active = false;
    };
  }, [returnUrl, attempt]);

  if (failed) {
    return (
      <div className="app-route-message" role="alert">
        <p>{t('auth.login.failed')}</p>
        <button
          type="button"
          onClick={() => {
            setFailed(false);
            setAttempt((n) => n + 1);
          }}
        >
          {t('auth.login.retry')}
        </button>
      </div>
    );
  }
  return (
    <p className="app-route-message" role="status">
      {t('auth.login.progress')}
    </p>
  );
}
