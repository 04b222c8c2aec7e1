import { z } from 'zod';

// The notification centre (issue 12): notifications stored per user on the server, in the §3
// Notification shape (type, icon, title, content, path, date, link, persistent).

// NOTIFICATION_PAGE_SIZE and NOTIFICATION_STREAM_EVENTS are in values.ts (free of zod).

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

/**
 * `GET /api/notifications/stream` (issue 24, ADR 0054): Server-Sent Events. Event
 * `notification` (its `id:` is the notification's id, so `Last-Event-ID` resumes after it)
 * carries a new notification and the unread count after it; event `unread` says the unread
 * count changed (marked read elsewhere); event `removed` withdraws notifications. Comment
 * lines are heartbeats.
 */
export const notificationEventSchema = z.object({
  notification: userNotificationSchema,
  unreadCount: z.number().int().min(0),
});
export type NotificationEvent = z.infer<typeof notificationEventSchema>;

/**
 * Event `removed` (issue 37): these notifications no longer lead anywhere (their news item
 * was deleted or unpublished); the bell drops them. With the unread count after it.
 */
export const notificationRemovedEventSchema = z.object({
  ids: z.array(z.string()),
  unreadCount: z.number().int().min(0),
});
export type NotificationRemovedEvent = z.infer<typeof notificationRemovedEventSchema>;

const eventId = z
  .string()
  .regex(/^[0-9]{1,18}$/, 'Last-Event-ID must be the id of a notification.');

/** Resuming a stream: the id of the last notification event received (what EventSource sends). */
export const notificationStreamHeadersSchema = z.object({ 'last-event-id': eventId.optional() });

/**
 * The stream's query: `t`, a stream ticket (a browser's EventSource cannot send the bearer
 * token); `lastEventId` resumes a new EventSource, which cannot set the header itself.
 */
export const notificationStreamQuerySchema = z.object({
  t: z.string().regex(/^[A-Za-z0-9_-]{43}$/, 't must be a stream ticket.'),
  lastEventId: eventId.optional(),
});

/** `GET /api/notifications/stream-ticket`: opens one stream, once, within `expiresIn` seconds. */
export const notificationStreamTicketSchema = z.object({
  ticket: z.string(),
  expiresIn: z.number().int().positive(),
});
export type NotificationStreamTicket = z.infer<typeof notificationStreamTicketSchema>;
