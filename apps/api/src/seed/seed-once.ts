import type { Db, Queryable } from '../db/db.js';

/**
 * Writes one part of the demo data unless it is there already: `isSeeded` asks first, then,
 * in one transaction under the part's advisory lock (several API nodes may start at once
 * against one PostgreSQL: one seeds, the rest wait), asks again and `write`s.
 */
export async function seedOnce(
  db: Db,
  lock: number,
  isSeeded: (db: Queryable) => Promise<boolean>,
  write: (tx: Queryable) => Promise<void>,
): Promise<void> {
  if (await isSeeded(db)) return;
  await db.transaction(async (tx) => {
    if (db.kind === 'postgres') await tx.query('select pg_advisory_xact_lock($1)', [lock]);
    if (await isSeeded(tx)) return;
    await write(tx);
  });
}
