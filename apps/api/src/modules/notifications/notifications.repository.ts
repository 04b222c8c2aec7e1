import { NOTIFICATION_PAGE_SIZE, type UserNotification } from '@portico/contracts';
import type { Queryable } from '../../db/db.js';

interface NotificationRow {
  id: string;
  type: 'error' | 'information';
  icon: string | null;
  title: string;
  content: string;
  path: string;
  link: string;
  persistent: boolean;
  created_at: Date | string;
  read_at: Date | string | null;
}

const toNotification = (r: NotificationRow): UserNotification => ({
  id: r.id,
  type: r.type,
  icon: r.icon,
  title: r.title,
  content: r.content,
  path: r.path,
  date: new Date(r.created_at).toISOString(),
  link: r.link,
  persistent: r.persistent,
  read: r.read_at !== null,
});

/**
 * Only notifications that still lead somewhere: one about a news item (source `news:{id}`)
 * is withdrawn while the item has no live row, i.e. is unpublished or deleted (ADR 0032), so
 * the bell never offers "Read the article" to a 404 (issue 27). Read-time, not a delete, so a
 * re-published item's notification comes back, and every node agrees without a message.
 */
const STILL_AVAILABLE = /* sql */ `case
    when source ~ '^news:[0-9]{1,18}$'
      then exists (select 1 from news n where n.id = substring(source from 6)::bigint)
    else true
  end`;

/** The caller's newest notifications (index user_notifications_user_idx serves the sort). */
export async function listNotifications(
  db: Queryable,
  userId: string,
  limit = NOTIFICATION_PAGE_SIZE,
): Promise<UserNotification[]> {
  const { rows } = await db.query<NotificationRow>(
    `select id::text as id, type, icon, title, content, path, link, persistent, created_at, read_at
       from user_notifications where user_id = $1 and ${STILL_AVAILABLE}
      order by id desc limit $2`,
    [userId, limit],
  );
  return rows.map(toNotification);
}

export async function countUnread(db: Queryable, userId: string): Promise<number> {
  const { rows } = await db.query<{ n: number }>(
    `select count(*)::integer as n from user_notifications
      where user_id = $1 and read_at is null and ${STILL_AVAILABLE}`,
    [userId],
  );
  return rows[0]?.n ?? 0;
}

/** Marks one of the caller's notifications read; false when the caller has no such one. */
export async function markRead(db: Queryable, userId: string, id: string): Promise<boolean> {
  const { rows } = await db.query(
    `update user_notifications set read_at = coalesce(read_at, now())
      where id = $1 and user_id = $2 and ${STILL_AVAILABLE} returning id`,
    [id, userId],
  );
  return rows.length > 0;
}

export async function markAllRead(db: Queryable, userId: string): Promise<void> {
  await db.query(
    `update user_notifications set read_at = now() where user_id = $1 and read_at is null`,
    [userId],
  );
}

/**
 * The caller's notifications after `afterId`, oldest first: what a stream has not sent yet
 * (ADR 0054). At most the newest `limit` of them — the bell shows no more than a page.
 */
export async function listNotificationsAfter(
  db: Queryable,
  userId: string,
  afterId: string,
  limit = NOTIFICATION_PAGE_SIZE,
): Promise<UserNotification[]> {
  const { rows } = await db.query<NotificationRow>(
    `select * from (
       select id::text as id, type, icon, title, content, path, link, persistent, created_at,
              read_at, id as n
         from user_notifications where user_id = $1 and id > $2 order by id desc limit $3
     ) newest order by n`,
    [userId, afterId, limit],
  );
  return rows.map(toNotification);
}

/** The id of the caller's newest notification, '0' when there is none. */
export async function newestNotificationId(db: Queryable, userId: string): Promise<string> {
  const { rows } = await db.query<{ id: string }>(
    `select coalesce(max(id), 0)::text as id from user_notifications where user_id = $1`,
    [userId],
  );
  return rows[0]?.id ?? '0';
}

/** Stores a stream ticket's hash for the user, dropping expired ones on the way. */
export async function saveStreamTicket(
  db: Queryable,
  userId: string,
  hash: string,
  ttlSeconds: number,
): Promise<void> {
  await db.query(`delete from notification_stream_tickets where expires_at < now()`);
  await db.query(
    `insert into notification_stream_tickets (hash, user_id, expires_at)
     values ($1, $2, now() + make_interval(secs => $3))`,
    [hash, userId, ttlSeconds],
  );
}

/** Spends a stream ticket: the user it was issued to, or null (unknown, spent or expired). */
export async function redeemStreamTicket(db: Queryable, hash: string): Promise<string | null> {
  const { rows } = await db.query<{ user_id: string; valid: boolean }>(
    `delete from notification_stream_tickets where hash = $1
     returning user_id, expires_at > now() as valid`,
    [hash],
  );
  return rows[0]?.valid ? rows[0].user_id : null;
}
