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
  'auth.refused.title': 'Your company account is not known to the portal',
  'auth.refused.signedInAs':
    'You signed in as {{email}}, but no active Portico user has that address.',
  'auth.refused.text':
    'Ask the Portico administrator of your company to invite you, then sign in again. Or sign out and sign in with another company account.',
  'auth.refused.help': 'Need help? Write to {email}.',
  'auth.refused.signOut': 'Sign out',
  'leave.progress': 'Leaving Portico for the community site…',
  'leave.link': 'Continue to the community site',
});
