import { defineLabels } from '../../lib/labels/define-labels.js';

/** English default for the hidden keep-alive frame (§4); a frame needs a title even when hidden. */
export const keepAliveLabels = defineLabels({
  'keep-alive.title': 'Session keep-alive',
});
