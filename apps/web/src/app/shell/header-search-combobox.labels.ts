import { defineLabels } from '../../lib/labels/define-labels.js';

/** English defaults of the header search box's suggestions (issue 38). */
export const headerSearchComboboxLabels = defineLabels({
  'shell.search.suggestions': 'Suggestions',
  'shell.search.recent': 'Recent searches',
  'shell.search.suggestions.count_one':
    '{{count}} suggestion. Use the up and down arrow keys to choose one.',
  'shell.search.suggestions.count_other':
    '{{count}} suggestions. Use the up and down arrow keys to choose one.',
  'shell.search.recent.count_one':
    '{{count}} recent search. Use the up and down arrow keys to choose it.',
  'shell.search.recent.count_other':
    '{{count}} recent searches. Use the up and down arrow keys to choose one.',
  'shell.search.suggestions.none': 'No suggestions.',
});
