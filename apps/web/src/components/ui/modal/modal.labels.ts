import { defineLabels } from '../../../lib/labels/define-labels.js';

/** English defaults for the modal (§2 Shared widgets). */
export const modalLabels = defineLabels({
  'modal.close': 'Close',
  'modal.consent': 'I agree',
  'modal.cancel': 'Cancel',
});
