import { defineLabels } from '../../../lib/labels/define-labels.js';

/** English defaults of the error state a page shows when its data failed (issue 27). */
export const errorStateLabels = defineLabels({
  'error-state.retry': 'Try again',
});
