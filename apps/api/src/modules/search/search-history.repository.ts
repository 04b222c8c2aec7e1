import type { Queryable } from '../../db/db.js';

/** How many recent searches a user keeps (the header box shows them when empty). */
export const RECENT_SEARCHES_KEPT = 8;

/**
 * Records a search of the results page: new, or moved to the top when searched before; the
 * user's older ones past RECENT_SEARCHES_KEPT are forgotten in the same statement (its
 * snapshot does not see the row it writes: the others keep RECENT_SEARCHES_KEPT - 1).
 */
export async function rememberSearch(
  db: Queryable,
  userId: string,
  query: string,
  productId: string | undefined,
): Promise<void> {
  await db.query(
    `with saved as (
       insert into search_history (user_id, query, product_id) values ($1, $2, $3)
       on conflict (user_id, query, product_id) do update set searched_at = now()
       returning searched_at
     )
     delete from search_history h
      where h.user_id = $1
        and (h.query, h.product_id) <> ($2, $3)
        and h.searched_at < (
          select searched_at from search_history
           where user_id = $1 and (query, product_id) <> ($2, $3)
           order by searched_at desc offset $4 - 2 limit 1)`,
    [userId, query, productId ?? '', RECENT_SEARCHES_KEPT],
    // Every results page runs it: parsed and planned once per connection.
    { prepare: true },
  );
}

/** The user's recent searches, newest first. */
export async function listRecentSearches(
  db: Queryable,
  userId: string,
): Promise<{ query: string; productId: string | null }[]> {
  const { rows } = await db.query<{ query: string; product_id: string }>(
    `select query, product_id from search_history
      where user_id = $1 order by searched_at desc, query limit $2`,
    [userId, RECENT_SEARCHES_KEPT],
  );
  return rows.map((r) => ({
    query: r.query,
    productId: r.product_id === '' ? null : r.product_id,
  }));
}
