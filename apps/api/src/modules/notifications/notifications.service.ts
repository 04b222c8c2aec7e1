import { createHash, randomBytes } from 'node:crypto';
import type { UserNotification } from '@portico/contracts';
import type { Queryable } from '../../db/db.js';
import type { IssuedAt } from '../user-management/index.js';
import { saveStreamTicket } from './notification-streams.repository.js';
import {
  countUnread,
  listNotifications,
  markAllRead,
  markRead,
} from './notifications.repository.js';

// The notification centre (issue 12): the caller's own notifications, and the one-minute
// tickets that open a live stream (ADR 0054).

/** How long a stream ticket may wait for its stream (the client uses it at once). */
export const STREAM_TICKET_TTL_S = 60;

/** Tickets are kept and looked up by this hash only. */
export const ticketHash = (text: string): string => createHash('sha256').update(text).digest('hex');

/** The caller's notifications (newest first) and how many are unread. */
export async function getNotifications(
  db: Queryable,
  userId: string,
): Promise<{ items: UserNotification[]; unreadCount: number }> {
  const [items, unreadCount] = await Promise.all([
    listNotifications(db, userId),
    countUnread(db, userId),
  ]);
  return { items, unreadCount };
}

export function getUnreadCount(db: Queryable, userId: string): Promise<number> {
  return countUnread(db, userId);
}

/** Marks one of the caller's notifications read; false when the caller has no such one. */
export function readNotification(db: Queryable, userId: string, id: string): Promise<boolean> {
  return markRead(db, userId, id);
}

export function readAllNotifications(db: Queryable, userId: string): Promise<void> {
  return markAllRead(db, userId);
}

/**
 * A new stream ticket: only its hash is stored, with the token's issue time (redeeming the
 * ticket applies the token rule again).
 */
export async function issueStreamTicket(
  db: Queryable,
  userId: string,
  issued: IssuedAt | undefined,
): Promise<string> {
  const ticket = randomBytes(32).toString('base64url');
  await saveStreamTicket(db, userId, ticketHash(ticket), STREAM_TICKET_TTL_S, issued);
  return ticket;
}
