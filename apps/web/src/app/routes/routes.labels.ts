import { defineLabels } from '../../lib/labels/define-labels.js';

/** English defaults for the routes the app shell owns (sign-in, sign-out, leaving). */
export const appRouteLabels = defineLabels({
  'auth.login.progress': 'Redirecting you to sign in…',
  'auth.login.failed': 'Sign-in could not be started. Please check your connection and try again.',
  'auth.login.retry': 'Try again',
  'auth.callback.progress': 'Signing you in…',
  'auth.callback.failed': 'Sign-in could not be completed. Please try signing in again.',
  'auth.callback.retry': 'Sign in again',
  'auth.logout.progress': 'Signing you out…',
  'auth.logout.failed':
    'Sign-out could not be completed. Please close your browser to end the session.',
  'leave.progress': 'Leaving Portico for the community site…',
  'leave.link': 'Continue to the community site',
});
