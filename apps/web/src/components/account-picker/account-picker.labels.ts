import { defineLabels } from '../../lib/labels/define-labels.js';

/** English defaults of the account picker of /cloud and /invoices (issue 37, ADR 0070). */
export const accountPickerLabels = defineLabels({
  'account-picker.label': 'Account',
  'account-picker.hint': 'Type a part of the name or id to search.',
  'account-picker.open': 'Show accounts',
  'account-picker.recent': 'Recent',
  'account-picker.own': 'Your account',
  /** An option's name with its tag, the tag's visible words in it (WCAG 2.5.3 label in name; axe drops words in parentheses). */
  'account-picker.tagged': '{{name}}, {{tag}}',
  'account-picker.searching': 'Searching accounts…',
  'account-picker.none': 'No account matches “{{term}}”.',
  'account-picker.failed': 'The accounts could not be searched. Try again.',
  'account-picker.count_one': '{{count}} account found.',
  'account-picker.count_other': '{{count}} accounts found.',
});
