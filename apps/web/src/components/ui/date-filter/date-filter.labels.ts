import { defineLabels } from '../../../lib/labels/define-labels.js';

/** English defaults for the date filter (§2 Shared widgets, §5 Date filter). */
export const dateFilterLabels = defineLabels({
  'date-filter.toggle': 'Date',
  'date-filter.active': '{{startDate}} – {{endDate}}',
  'date-filter.panel': 'Filter by date',
  'date-filter.from': 'From',
  'date-filter.to': 'To',
  'date-filter.quick': 'Quick options',
  'date-filter.last-year': 'Last year',
  'date-filter.last-month': 'Last month',
  'date-filter.last-week': 'Last week',
  'date-filter.any-date': 'Any date',
  'date-filter.error.order': 'Start date must be before end date.',
});
