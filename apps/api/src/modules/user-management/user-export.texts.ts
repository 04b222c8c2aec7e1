import { defineTexts } from '../../lib/i18n/define-texts.js';

/**
 * The user export (issue 37): its columns are the user list's web labels
 * (`user-management.column.*`, roles and statuses), translated once for both. A workbook's
 * dates carry no zone, so the last-login heading names the one they are in.
 */
export const userExportTexts = defineTexts({
  'user-export.in-zone': '{column} ({zone})',
});
