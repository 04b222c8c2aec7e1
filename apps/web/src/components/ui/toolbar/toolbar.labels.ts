import { defineLabels } from '../../../lib/labels/define-labels.js';

/** English defaults for the toolbar (§2 Shared widgets). */
export const toolbarLabels = defineLabels({
  'toolbar.result': '{{count}} result',
  'toolbar.results': '{{count}} results',
  'toolbar.loading': 'Loading',
  'toolbar.help': 'Help',
});
