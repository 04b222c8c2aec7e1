import { redirect, type LoaderFunctionArgs } from 'react-router';
import { paths } from '../config/paths.js';
import { isAuthorised } from '../lib/auth/session.js';

/**
 * §4 Guard: a signed-out visitor of a guarded route goes to login with returnUrl = the path
 * plus its query string, so sign-in brings them back to exactly that address.
 */
export function requireSignIn({ request }: LoaderFunctionArgs): null {
  if (isAuthorised()) return null;
  const url = new URL(request.url);
  // eslint-disable-next-line @typescript-eslint/only-throw-error -- React Router's redirect is a Response by design
  throw redirect(paths.login(`${url.pathname}${url.search}`));
}
