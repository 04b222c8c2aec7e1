import { z } from 'zod';

// The notification centre (issue 12): notifications stored per user on the server, in the §3
// Notification shape (type, icon, title, content, path, date, link, persistent).

export const NOTIFICATION_PAGE_SIZE = 20;

/** One notification of the caller (§3 Notification plus its id and read state). */
export const userNotificationSchema = z.object({
  id: z.string(),
  /** §3: error or information. */
  type: z.enum(['error', 'information']),
  icon: z.string().nullable(),
  title: z.string(),
  content: z.string(),
  /** The in-app path the notification leads to (its deep link), e.g. /news/news-item/x/12. */
  path: z.string(),
  /** ISO date-time it was made. */
  date: z.string(),
  /** The text of the link to `path`. */
  link: z.string(),
  persistent: z.boolean(),
  read: z.boolean(),
});
export type UserNotification = z.infer<typeof userNotificationSchema>;

/** `GET /api/notifications`: the newest first, and how many are unread. */
export const notificationListSchema = z.object({
  items: z.array(userNotificationSchema),
  unreadCount: z.number().int().min(0),
});
export type NotificationList = z.infer<typeof notificationListSchema>;

export const notificationCountSchema = z.object({ unreadCount: z.number().int().min(0) });

export const notificationIdParamsSchema = z.object({
  id: z.string().regex(/^[0-9]{1,18}$/, 'The notification id must be a number.'),
});
