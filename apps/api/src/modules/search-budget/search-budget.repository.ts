import type { Queryable } from '../../db/db.js';

export interface SearchCallReservation {
  /** The calls reserved in the window, this one included; null when the budget was spent. */
  calls: number | null;
  /** Seconds until the key's window ends (at least 1); what a refused caller waits. */
  secondsLeft: number;
}

/**
 * Reserves `count` search calls for `key` at once in its fixed window, in the table the
 * sign-in limit uses (ADR 0014 §2, ADR 0061): one upsert, so concurrent calls on any instance
 * serialise on the row and at most `limit` pass per window. All `count` pass or none does (a
 * refused reservation changes nothing); the caller asks again one by one near the limit.
 * Answers each call's number in the window (null when refused) and the seconds left, read
 * from the row as it was before this statement.
 *
 * Its own transaction commits without waiting for the WAL flush (`synchronous_commit` off
 * for this statement alone, ADR 0061 addendum): a counter is all a crash of the database
 * could lose (the last fraction of a second of it), a few more searches allowed, never a
 * user's write. Call it on the pool, never inside another transaction.
 */
export async function reserveSearchCalls(
  db: Queryable,
  key: string,
  limit: number,
  windowSeconds: number,
  count = 1,
): Promise<SearchCallReservation[]> {
  const { rows } = await db.query<{ calls: number | null; seconds_left: number | null }>(
    `with reserved as (
       insert into sign_in_limits as l (key, window_start, attempts) values ($1, now(), $4)
       on conflict (key) do update set
         window_start = case when l.window_start <= now() - make_interval(secs => $3::integer)
                             then now() else l.window_start end,
         attempts = case when l.window_start <= now() - make_interval(secs => $3::integer)
                         then $4 else l.attempts + $4 end
       where l.window_start <= now() - make_interval(secs => $3::integer)
          or l.attempts + $4 <= $2::integer
       returning attempts
     )
     select (select attempts from reserved) as calls,
            set_config('synchronous_commit', 'off', true) as async_commit,
            (select ceil(extract(epoch from
                      l.window_start + make_interval(secs => $3::integer) - now()))::integer
               from sign_in_limits l where l.key = $1) as seconds_left`,
    [key, limit, windowSeconds, count],
    // Every search call runs it: parsed and planned once per connection.
    { prepare: true },
  );
  const row = rows[0];
  const secondsLeft = Math.min(windowSeconds, Math.max(1, row?.seconds_left ?? windowSeconds));
  const last = row?.calls ?? null;
  return Array.from({ length: count }, (_, i) => ({
    calls: last === null ? null : last - count + 1 + i,
    secondsLeft,
  }));
}
