import { defineLabels } from '../../../lib/labels/define-labels.js';

/** English defaults for the toolbar (§2 Shared widgets). */
export const toolbarLabels = defineLabels({
  // Plural keys: the label store picks the form with Intl.PluralRules (ADR 0040).
  'toolbar.results_one': '{{count}} result',
  'toolbar.results_other': '{{count}} results',
  'toolbar.loading': 'Loading',
  'toolbar.help': 'Help',
});
