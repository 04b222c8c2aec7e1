import { defineLabels } from '../../../lib/labels/define-labels.js';

/** English defaults for the search box (§2 Shared widgets, §5 Search box). */
export const searchBoxLabels = defineLabels({
  'search-box.label': 'Search',
  'search-box.placeholder': 'Search',
  'search-box.submit': 'Search',
  'search-box.sort': 'Sort by',
  'search-box.sort.date': 'Date',
  'search-box.sort.relevance': 'Relevance',
  'search-box.error.required': 'This field is required',
  'search-box.error.minlength': 'Please enter a query of at least {{number}} characters',
});
