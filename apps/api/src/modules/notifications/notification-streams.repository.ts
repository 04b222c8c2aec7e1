import { NOTIFICATION_PAGE_SIZE, type UserNotification } from '@portico/contracts';
import { firstRow, firstValue, writeBy, type Queryable } from '../../db/db.js';
import type { IssuedAt } from '../user-management/index.js';
import {
  STILL_AVAILABLE,
  toNotification,
  type NotificationRow,
} from './notifications.repository.js';

// The live streams' reads and writes (ADR 0054 and its addendum): tickets, leases, and the
// fan-out reads, each one query for all the streams of a node that it concerns.

/** Stores a stream ticket's hash for the user with its token's issue time (ADR 0027). */
export async function saveStreamTicket(
  db: Queryable,
  userId: string,
  hash: string,
  ttlSeconds: number,
  issued: IssuedAt | undefined,
): Promise<void> {
  // Dropping expired tickets and lapsed leases here keeps both tables small without a job.
  await db.query(`delete from notification_stream_tickets where expires_at < now()`);
  await db.query(`delete from notification_stream_leases where expires_at < now()`);
  await db.query(
    `insert into notification_stream_tickets (hash, user_id, expires_at, issued_s, issued_ms)
     values ($1, $2, now() + make_interval(secs => $3), $4, $5)`,
    [hash, userId, ttlSeconds, issued?.seconds ?? null, issued?.ms ?? null],
  );
}

export interface RedeemedTicket {
  userId: string;
  issued: IssuedAt;
}

/** Spends a stream ticket: whom and which token it was issued to, or null (unknown, spent, expired). */
export async function redeemStreamTicket(
  db: Queryable,
  hash: string,
): Promise<RedeemedTicket | null> {
  const { rows } = await db.query<{
    user_id: string;
    valid: boolean;
    issued_s: string | number | null;
    issued_ms: string | number | null;
  }>(
    `delete from notification_stream_tickets where hash = $1
     returning user_id, expires_at > now() as valid, issued_s, issued_ms`,
    [hash],
  );
  const row = rows[0];
  if (!row?.valid) return null;
  return {
    userId: row.user_id,
    issued: {
      seconds: row.issued_s === null ? undefined : Number(row.issued_s),
      ms: row.issued_ms === null ? undefined : Number(row.issued_ms),
    },
  };
}

/** What a user may see, as one value: any change of it ends the user's streams. */
const ACCESS = /* sql */ `md5(row(status, tokens_valid_after, role, account_id, permissions,
  subscription_level, unit4_employee)::text)`;

export interface StreamUser {
  status: string;
  tokens_valid_after: Date | string | null;
  access: string;
}

/**
 * The user's token state and access, the row locked until the transaction ends: opens for
 * one user run one at a time, so two of them cannot both pass the per-user cap.
 */
export async function lockStreamUser(tx: Queryable, userId: string): Promise<StreamUser | null> {
  return (
    (await firstRow<StreamUser>(
      tx,
      `select status, tokens_valid_after, ${ACCESS} as access from users where id = $1
     for no key update`,
      [userId],
    )) ?? null
  );
}

/** How many streams the user has open on any node (leases not lapsed). */
export async function countLiveLeases(db: Queryable, userId: string): Promise<number> {
  return (
    (await firstValue<number>(
      db,
      `select count(*)::integer as n from notification_stream_leases
      where user_id = $1 and expires_at > now()`,
      [userId],
    )) ?? 0
  );
}

export async function insertLease(
  tx: Queryable,
  userId: string,
  ttlSeconds: number,
): Promise<string> {
  const { rows } = await tx.query<{ id: string }>(
    `insert into notification_stream_leases (user_id, expires_at)
     values ($1, now() + make_interval(secs => $2)) returning id::text as id`,
    [userId, ttlSeconds],
  );
  const id = rows[0]?.id;
  if (id === undefined) throw new Error('the lease was not stored');
  return id;
}

export const renewLeases = writeBy<[ids: string[], ttlSeconds: number]>(
  `update notification_stream_leases set expires_at = now() + make_interval(secs => $2)
    where id = any($1::bigint[])`,
);

export const releaseLeases = writeBy<[ids: string[]]>(
  `delete from notification_stream_leases where id = any($1::bigint[])`,
);

/** The id of the user's newest notification, '0' when there is none. */
export async function newestNotificationId(db: Queryable, userId: string): Promise<string> {
  return (
    (await firstValue<string>(
      db,
      `select coalesce(max(id), 0)::text as id from user_notifications where user_id = $1`,
      [userId],
    )) ?? '0'
  );
}

/** The current access value of each user that still exists. */
export async function readStreamAccess(
  db: Queryable,
  userIds: string[],
): Promise<Map<string, string>> {
  const { rows } = await db.query<{ id: string; access: string }>(
    `select id, ${ACCESS} as access from users where id = any($1::text[])`,
    [userIds],
  );
  return new Map(rows.map((r) => [r.id, r.access]));
}

export interface UserCatchUp {
  /** Oldest first: at most the newest page after the cursor (the bell shows no more). */
  items: UserNotification[];
  unreadCount: number;
}

/**
 * For each (user, after id): the user's notifications after that id that still lead
 * somewhere (issue 37: none about deleted news), oldest first, and the unread count. One
 * query for every user a batch of change notifications named.
 */
export async function listNotificationsAfter(
  db: Queryable,
  cursors: { userId: string; afterId: string }[],
  limit = NOTIFICATION_PAGE_SIZE,
): Promise<Map<string, UserCatchUp>> {
  // A user with nothing new still has a row (the left join), its notification columns null.
  type Row = Omit<NotificationRow, 'id'> & { id: string | null; user_id: string; unread: number };
  const { rows } = await db.query<Row>(
    `select c.user_id, u.unread, a.*
       from unnest($1::text[], $2::bigint[]) as c(user_id, after_id)
       cross join lateral (
         select count(*)::integer as unread from user_notifications
          where user_id = c.user_id and read_at is null and ${STILL_AVAILABLE}
       ) u
       left join lateral (
         select id::text as id, type, icon, title, content, path, link, persistent,
                created_at, read_at
           from user_notifications
          where user_id = c.user_id and id > c.after_id and ${STILL_AVAILABLE}
          order by user_notifications.id desc limit $3
       ) a on true`,
    [cursors.map((c) => c.userId), cursors.map((c) => c.afterId), limit],
  );
  const byUser = new Map<string, UserCatchUp>();
  for (const row of rows) {
    const entry = byUser.get(row.user_id) ?? { items: [], unreadCount: row.unread };
    byUser.set(row.user_id, entry);
    if (row.id !== null) entry.items.push(toNotification({ ...row, id: row.id }));
  }
  for (const entry of byUser.values())
    entry.items.sort((x, y) => (BigInt(x.id) < BigInt(y.id) ? -1 : 1));
  return byUser;
}

/** Each user's unread count, in one query. */
export async function countUnreadOf(
  db: Queryable,
  userIds: string[],
): Promise<Map<string, number>> {
  const { rows } = await db.query<{ user_id: string; n: number }>(
    `select c.user_id,
            (select count(*)::integer from user_notifications
              where user_id = c.user_id and read_at is null and ${STILL_AVAILABLE}) as n
       from unnest($1::text[]) as c(user_id)`,
    [userIds],
  );
  return new Map(rows.map((r) => [r.user_id, r.n]));
}

export interface Withdrawn {
  ids: string[];
  unreadCount: number;
}

/** The notifications of these users about these (deleted) news items, per user, with the new count. */
export async function findWithdrawn(
  db: Queryable,
  userIds: string[],
  newsIds: string[],
): Promise<Map<string, Withdrawn>> {
  const { rows } = await db.query<{ user_id: string; ids: string[]; n: number }>(
    `select g.user_id, array_agg(g.id::text order by g.id) as ids,
            (select count(*)::integer from user_notifications
              where user_id = g.user_id and read_at is null and ${STILL_AVAILABLE}) as n
       from user_notifications g
      where g.user_id = any($1::text[]) and g.source = any($2::text[])
      group by g.user_id`,
    [userIds, newsIds.map((id) => `news:${id}`)],
  );
  return new Map(rows.map((r) => [r.user_id, { ids: r.ids, unreadCount: r.n }]));
}
