import { defineLabels } from '../../../lib/labels/define-labels.js';

/** English defaults for the notification bar (§2 Shared widgets, §3 Notification). */
export const notificationBarLabels = defineLabels({
  'notification.label': 'Notification',
  'notification.close': 'Close notification',
});
