import { defineLabels } from '../lib/labels/define-labels.js';

/** The message shown when the portal cannot start (main.tsx). */
export const startLabels = defineLabels({
  'start.failed.title': 'Portico could not start',
  'start.failed.body':
    'The portal configuration could not be loaded. Please reload the page; if this keeps happening, try again later.',
  'start.failed.reload': 'Reload',
});
