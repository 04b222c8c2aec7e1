import {
  SAVED_SEARCHES_LIMIT,
  type SavedSearch,
  type SavedSearchValues,
  type SearchHitSource,
} from '@portico/contracts';
import { firstValue, type Queryable } from '../../db/db.js';
import { DomainError } from '../../lib/errors.js';
import { clean, SOURCES, TSQUERY } from './search-hit-sources.repository.js';
import type { SuggestionRow } from './search-suggestions.repository.js';

interface SavedSearchRow {
  id: string;
  user_id: string;
  query: string;
  product_id: string;
  notify_bell: boolean;
  notify_email: boolean;
  created_at: Date | string;
  checked_at: Date | string;
}

const COLUMNS = `id::text as id, user_id, query, product_id, notify_bell, notify_email,
  created_at, checked_at`;

export const toSavedSearch = (r: SavedSearchRow): SavedSearch => ({
  id: r.id,
  query: r.query,
  productId: r.product_id === '' ? null : r.product_id,
  notifyBell: r.notify_bell,
  notifyEmail: r.notify_email,
  createdAt: new Date(r.created_at).toISOString(),
});

/** More saved searches than SAVED_SEARCHES_LIMIT: a 400 the form shows. */
export class TooManySavedSearchesError extends DomainError {
  readonly statusCode = 400;
}

export async function listSavedSearches(db: Queryable, userId: string): Promise<SavedSearch[]> {
  const { rows } = await db.query<SavedSearchRow>(
    `select ${COLUMNS} from saved_searches where user_id = $1 order by id`,
    [userId],
  );
  return rows.map(toSavedSearch);
}

/**
 * Saves a search, or updates how an already saved one (same query and product) notifies.
 * A new one starts its checks now: only what comes later is new.
 */
export async function saveSearch(
  db: Queryable,
  userId: string,
  input: SavedSearchValues,
): Promise<{ saved: SavedSearch; created: boolean }> {
  const { rows } = await db.query<SavedSearchRow & { created: boolean }>(
    `insert into saved_searches (user_id, query, product_id, notify_bell, notify_email)
     select $1, $2, $3, $4, $5
      where (select count(*) from saved_searches where user_id = $1) < $6
         or exists (select 1 from saved_searches where user_id = $1 and query = $2 and product_id = $3)
     on conflict (user_id, query, product_id)
     do update set notify_bell = excluded.notify_bell, notify_email = excluded.notify_email
     returning ${COLUMNS}, (xmax = 0) as created`,
    [
      userId,
      input.query,
      input.productId ?? '',
      input.notifyBell,
      input.notifyEmail,
      SAVED_SEARCHES_LIMIT,
    ],
  );
  const row = rows[0];
  if (!row) {
    throw new TooManySavedSearchesError(
      `You can save at most ${SAVED_SEARCHES_LIMIT} searches. Please remove one first.`,
    );
  }
  return { saved: toSavedSearch(row), created: row.created };
}

/** Changes how one of the caller's saved searches notifies; null when the caller has none such. */
export async function updateSavedSearch(
  db: Queryable,
  userId: string,
  id: string,
  notify: { notifyBell: boolean; notifyEmail: boolean },
): Promise<SavedSearch | null> {
  const { rows } = await db.query<SavedSearchRow>(
    `update saved_searches set notify_bell = $3, notify_email = $4
      where id = $1 and user_id = $2 returning ${COLUMNS}`,
    [id, userId, notify.notifyBell, notify.notifyEmail],
  );
  return rows[0] ? toSavedSearch(rows[0]) : null;
}

export async function deleteSavedSearch(
  db: Queryable,
  userId: string,
  id: string,
): Promise<boolean> {
  const { rows } = await db.query(
    'delete from saved_searches where id = $1 and user_id = $2 returning id',
    [id, userId],
  );
  return rows.length > 0;
}

/** The one-click unsubscribe of a saved search's e-mail (scope saved-search:{id}). */
export async function stopSavedSearchMail(
  db: Queryable,
  userId: string,
  id: string,
): Promise<void> {
  await db.query('update saved_searches set notify_email = false where id = $1 and user_id = $2', [
    id,
    userId,
  ]);
}

export async function findSavedSearchQuery(
  db: Queryable,
  userId: string,
  id: string,
): Promise<string | null> {
  return (
    (await firstValue<string>(
      db,
      'select query from saved_searches where id = $1 and user_id = $2',
      [id, userId],
    )) ?? null
  );
}

export interface DueSavedSearch {
  id: string;
  userId: string;
  query: string;
  productId: string | null;
  notifyBell: boolean;
  notifyEmail: boolean;
  checkedAt: Date;
  email: string;
  firstName: string;
  language: string;
}

/**
 * The saved searches that notify, of active users, locked for this check (a second node's
 * job skips them: SKIP LOCKED), oldest check first.
 */
export async function lockDueSavedSearches(
  db: Queryable,
  limit: number,
): Promise<DueSavedSearch[]> {
  const { rows } = await db.query<
    SavedSearchRow & { email: string; first_name: string; language: string }
  >(
    `select s.id::text as id, s.user_id, s.query, s.product_id, s.notify_bell, s.notify_email,
            s.created_at, s.checked_at, u.email, u.first_name, u.language
       from saved_searches s join users u on u.id = s.user_id and u.status = 'Active'
      where s.notify_bell or s.notify_email
      order by s.checked_at limit $1
      for update of s skip locked`,
    [limit],
  );
  return rows.map((r) => ({
    id: r.id,
    userId: r.user_id,
    query: r.query,
    productId: r.product_id === '' ? null : r.product_id,
    notifyBell: r.notify_bell,
    notifyEmail: r.notify_email,
    checkedAt: new Date(r.checked_at),
    email: r.email,
    firstName: r.first_name,
    language: r.language,
  }));
}

/** The bell's notification of a check's news (one per search and check). */
export async function insertSavedSearchNotification(
  db: Queryable,
  n: { userId: string; source: string; title: string; content: string; path: string; link: string },
): Promise<void> {
  await db.query(
    `insert into user_notifications (user_id, source, type, icon, title, content, path, link)
     values ($1, $2, 'information', 'search', $3, $4, $5, $6)
     on conflict (user_id, source) do nothing`,
    [n.userId, n.source, n.title, n.content, n.path, n.link],
  );
}

export async function markSavedSearchChecked(db: Queryable, id: string, at: Date): Promise<void> {
  await db.query('update saved_searches set checked_at = $2 where id = $1', [id, at.toISOString()]);
}

/** The sources that date their items: only those can tell what is new for a saved search. */
export const DATED_SOURCES: ReadonlySet<SearchHitSource> = new Set(
  (Object.keys(SOURCES) as SearchHitSource[]).filter((source) => SOURCES[source].since !== null),
);

/**
 * Up to `limit` matches of a query that became findable in (since, until], newest first. A
 * document is dated by its day: it counts from the end of that day, so a check during the day
 * never tells it twice.
 */
export async function findNewMatches(
  db: Queryable,
  source: SearchHitSource,
  query: string,
  since: Date,
  until: Date,
  limit: number,
  scope?: string,
): Promise<SuggestionRow[]> {
  const s = SOURCES[source];
  if (s.since === null) return [];
  const params: unknown[] = [query, since.toISOString(), until.toISOString(), limit];
  // $4 is the limit here: the scope is $5. The matches come from the GIN index.
  const scoped = (s.indexed?.scope ?? s.scope).map((c) => c.replace('$4', '$5'));
  if (scoped.length > 0) params.push(scope);
  const where = [...scoped, `t.search @@ ${TSQUERY}`, `${s.since} > $2`, `${s.since} <= $3`];
  const { rows } = await db.query<SuggestionRow>(
    `select ${s.ref} as ref, ${clean('t.title')} as title
       from ${s.indexed?.from ?? s.from} where ${where.join(' and ')}
      order by ${s.since} desc limit $4`,
    params,
  );
  return rows;
}
