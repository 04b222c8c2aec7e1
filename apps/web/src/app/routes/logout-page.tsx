import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { logout } from '../../lib/auth/session.js';
import { useT } from '../../lib/labels/use-t.js';
import { clearUserCookie } from '../user-cookie.js';
import './routes.labels.js';

// One sign-out per page: a repeated effect (StrictMode) would run it again without the id token.
let signingOut: Promise<void> | null = null;

function logoutOnce(): Promise<void> {
  signingOut ??= logout().catch((error: unknown) => {
    signingOut = null;
    throw error;
  });
  return signingOut;
}

/**
 * §2/§4 logout: clears both tokens, forgets the signed-in user's cached data and the USER
 * cookie, and ends the provider session (the browser leaves for its end-session endpoint).
 */
export function LogoutPage() {
  const t = useT();
  const queryClient = useQueryClient();
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let active = true;
    clearUserCookie();
    queryClient.clear();
    logoutOnce().catch((error: unknown) => {
      console.error('Sign-out failed', error);
      if (active) setFailed(true);
    });
    return () => {
      active = false;
    };
  }, [queryClient]);

  return (
    <p className="app-route-message" role={failed ? 'alert' : 'status'}>
      {t(failed ? 'auth.logout.failed' : 'auth.logout.progress')}
    </p>
  );
}
