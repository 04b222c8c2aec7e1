import { useEffect, useState } from 'react';
import { logout } from '../../lib/auth/session.js';
import { useT } from '../../lib/labels/use-t.js';
import { clearUserCookie } from '../user-cookie.js';
import './routes.labels.js';

// One sign-out at a time: a repeated effect (StrictMode) would start another without the id
// token (already cleared by the first).
let signingOut: Promise<void> | null = null;

function logoutOnce(): Promise<void> {
  signingOut ??= logout().finally(() => {
    signingOut = null;
  });
  return signingOut;
}

/**
 * §2/§4 logout: clears both tokens and the USER cookie and ends the provider session (the
 * browser leaves for its end-session endpoint, so nothing cached in memory outlives it).
 * Signed out, the shell stops asking for the user's data: its queries need a token.
 */
export function LogoutPage() {
  const t = useT();
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let active = true;
    // logout() clears the tokens synchronously, before it contacts the provider.
    logoutOnce().catch((error: unknown) => {
      console.error('Sign-out failed', error);
      if (active) setFailed(true);
    });
    clearUserCookie();
    return () => {
      active = false;
    };
  }, []);

  return (
    <p className="app-route-message" role={failed ? 'alert' : 'status'}>
      {t(failed ? 'auth.logout.failed' : 'auth.logout.progress')}
    </p>
  );
}
