import { defineLabels } from '../../../lib/labels/define-labels.js';

/** English defaults for the pagination widget (§2 Shared widgets). */
export const paginationLabels = defineLabels({
  'pagination.label': 'Pagination',
  'pagination.range': '{{first}}–{{last}} of {{total}}',
  'pagination.first': 'First page',
  'pagination.last': 'Last page',
  'pagination.previous': 'Previous page',
  'pagination.next': 'Next page',
  'pagination.page': 'Page {{page}}',
});
