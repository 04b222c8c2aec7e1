import { defineLabels } from '../../lib/labels/define-labels.js';

/** English defaults of the notification centre (issue 12). */
export const notificationLabels = defineLabels({
  'notifications.button': 'Notifications',
  'notifications.button.unread_one': 'Notifications, {{count}} unread',
  'notifications.button.unread_other': 'Notifications, {{count}} unread',
  'notifications.title': 'Notifications',
  'notifications.empty': 'You have no notifications.',
  'notifications.mark-read': 'Mark as read',
  'notifications.mark-read.named': 'Mark as read: {{title}}',
  'notifications.mark-all-read': 'Mark all as read',
  'notifications.unread': 'Unread',
  'notifications.close': 'Close notifications',
  'notifications.error': 'Notifications could not be loaded.',
});
