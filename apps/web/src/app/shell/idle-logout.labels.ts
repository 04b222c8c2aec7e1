import { defineLabels } from '../../lib/labels/define-labels.js';

/** English defaults for the idle sign-out warning (issue 11). */
export const idleLogoutLabels = defineLabels({
  'idle.title': 'Are you still there?',
  'idle.message': 'You have been inactive for a while. For your security you will be signed out.',
  'idle.countdown': 'Signing out in {{seconds}} s',
  'idle.announcement_one': 'You will be signed out in {{count}} second.',
  'idle.announcement_other': 'You will be signed out in {{count}} seconds.',
  'idle.stay': 'Stay signed in',
  'idle.signOut': 'Sign out now',
});
