import { NOTIFICATION_PAGE_SIZE, type UserNotification } from '@portico/contracts';
import { firstValue, writeBy, type Queryable } from '../../db/db.js';

export interface NotificationRow {
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

export const toNotification = (r: NotificationRow): UserNotification => ({
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
export const STILL_AVAILABLE = /* sql */ `case
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
  return (
    (await firstValue<number>(
      db,
      `select count(*)::integer as n from user_notifications
      where user_id = $1 and read_at is null and ${STILL_AVAILABLE}`,
      [userId],
    )) ?? 0
  );
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

export const markAllRead = writeBy(
  `update user_notifications set read_at = now() where user_id = $1 and read_at is null`,
);
