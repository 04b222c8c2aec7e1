import { defineTexts } from '../../lib/i18n/define-texts.js';

/**
 * The embedded provider's pages: sign-in, expired, error, sign-out and signed-out (issue 16:
 * in the `ui_locales` of the authorization request, else Accept-Language).
 */
export const oidcTexts = defineTexts({
  'signin.title': 'Sign in to Portico',
  'signin.email': 'Email',
  'signin.password': 'Password',
  'signin.submit': 'Sign in',
  'signin.invalid-credentials': 'The email or password is incorrect.',
  'signin.missing-credentials': 'Enter your email and password.',
  'signin.too-many-attempts': 'Too many sign-in attempts. Please wait a few minutes and try again.',
  'signin.busy': 'Sign-in is very busy right now. Please wait a few seconds and try again.',
  'signin.try-again': 'Try again',
  'signin.expired.title': 'Your sign-in has expired',
  'signin.expired':
    'This sign-in page is no longer valid. Please go back to the portal and sign in again.',
  'signin.back-to-portal': 'Back to the portal',
  'signin.error.title': 'Sign-in failed',
  'signin.error':
    'Something went wrong while signing you in. Please go back to the portal and try again.',
  'signin.page-title': '{title} | Portico',
  'logout.title': 'Sign out of Portico?',
  'logout.question': 'Do you want to sign out of Portico?',
  'logout.sign-out': 'Sign out',
  'logout.stay': 'Stay signed in',
  'logout.done.title': 'You are signed out',
  'logout.done': 'You have been signed out of Portico.',
  'logout.sign-in-again': 'Sign in again',
});
