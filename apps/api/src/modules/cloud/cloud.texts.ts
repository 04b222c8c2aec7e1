import { defineTexts } from '../../lib/i18n/define-texts.js';

/**
 * The column headers of the cloud report downloads (CSV and XLSX, issue 27), in the caller's
 * profile language. Report titles, "Instance" and "Month" are the cloud page's web labels.
 */
export const cloudTexts = defineTexts({
  'cloud-report.availability': 'Availability (%)',
  'cloud-report.sla': 'SLA (%)',
  'cloud-report.sla-met': 'SLA met',
  'cloud-report.downtime': 'Downtime (minutes)',
  'cloud-report.median': 'Median (ms)',
  'cloud-report.p95': '95th percentile (ms)',
  'cloud-report.requests': 'Requests',
  'cloud-report.yes': 'Yes',
  'cloud-report.no': 'No',
});
