import { defineLabels } from '../../../lib/labels/define-labels.js';

/** English defaults for the account-manager card (§2 Shared widgets, §3 Account manager). */
export const accountManagerCardLabels = defineLabels({
  'account-manager.title': 'Your account manager',
  'account-manager.logo-alt': 'Portico',
  'account-manager.email': 'E-mail',
  'account-manager.phone': 'Phone',
  'account-manager.mobile': 'Mobile',
  'account-manager.fallback.text':
    'Your account has no account manager yet. Our team is happy to answer your questions.',
  'account-manager.fallback.link': 'Contact us',
});
