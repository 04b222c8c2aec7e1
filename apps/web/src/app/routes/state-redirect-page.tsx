import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { paths } from '../../config/paths.js';
import { browserRedirect } from '../../lib/auth/browser-redirect.js';
import { useT } from '../../lib/labels/use-t.js';
import './routes.labels.js';

// The callback may run only once per URL: a second run would find the nonce already used and
// end on the logout path. React may start the effect twice (StrictMode), so both share one run.
let running: { href: string; result: Promise<string> } | null = null;

function completeOnce(href: string): Promise<string> {
  // The callback's module (jose's id token checks) loads only here, off the start-up path.
  if (running?.href !== href) {
    running = {
      href,
      result: import('../../lib/auth/callback.js').then((m) => m.completeSignIn(new URL(href))),
    };
  }
  return running.result;
}

const isInAppPath = (target: string): boolean => target.startsWith('/') && !target.startsWith('//');

/**
 * §2 state-redirect (the sign-in callback): completes sign-in from the URL, then replaces the
 * history entry (so the tokens in the URL do not stay in the history) with the result — the
 * return path, or the logout path when sign-in failed.
 */
export function StateRedirectPage() {
  const t = useT();
  const navigate = useNavigate();
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let active = true;
    completeOnce(window.location.href).then(
      (target) => {
        if (!active) return;
        if (isInAppPath(target)) void navigate(target, { replace: true });
        else browserRedirect.to(target);
      },
      (error: unknown) => {
        console.error('Sign-in callback failed', error);
        if (active) setFailed(true);
      },
    );
    return () => {
      active = false;
    };
  }, [navigate]);

  if (failed) {
    return (
      <div className="app-route-message" role="alert">
        <p>{t('auth.callback.failed')}</p>
        <Link to={paths.login()}>{t('auth.callback.retry')}</Link>
      </div>
    );
  }
  return (
    <p className="app-route-message" role="status">
      {t('auth.callback.progress')}
    </p>
  );
}

/** Tests: forget the remembered callback run. */
export function resetStateRedirect(): void {
  running = null;
}
