import { defineLabels } from '../../../lib/labels/define-labels.js';

/** English defaults of the time-zone picker (issue 37). */
export const timeZonePickerLabels = defineLabels({
  'time-zone-picker.hint': 'Type a city, country or offset to search.',
  'time-zone-picker.no-match': 'No time zone matches "{{query}}".',
  'time-zone-picker.toggle': 'Show all time zones',
  'time-zone-picker.count_one': '{{count}} time zone',
  'time-zone-picker.count_other': '{{count}} time zones',
});
