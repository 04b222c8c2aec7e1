import { defineLabels } from '../labels/define-labels.js';

// §8: the spec's texts are the English defaults; {email} is the configured contact address.
const SOMETHING_WENT_WRONG =
  'Something went wrong. Please send an email to {email} if the situation persists.';

export const errorCatalogueLabels = defineLabels({
  'errormessage.401': 'Your session has expired. Redirecting to login...',
  'errormessage.403': SOMETHING_WENT_WRONG,
  'errormessage.404': SOMETHING_WENT_WRONG,
  'errormessage.408': 'Request has timed out. Please try again later.',
  // Only the per-user search budget answers 429 (ADR 0061).
  'errormessage.429':
    'You have searched too often in a short time. Please wait a minute and try again.',
  'errormessage.500': SOMETHING_WENT_WRONG,
});
