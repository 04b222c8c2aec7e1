import type { Db } from './db.js';
import { migrations } from './migrations/index.js';

/**
 * Applies the ordered migrations not yet recorded in schema_migrations, each in its own
 * transaction. On PostgreSQL an advisory lock keeps several starting nodes from racing.
 */
export async function migrate(db: Db): Promise<string[]> {
  return db.transaction(async (tx) => {
    if (db.kind === 'postgres') await tx.query('select pg_advisory_xact_lock(727274)');
    await tx.exec(
      `create table if not exists schema_migrations (
         name text primary key,
         applied_at timestamptz not null default now()
       )`,
    );
    const done = new Set(
      (await tx.query<{ name: string }>('select name from schema_migrations')).rows.map(
        (r) => r.name,
      ),
    );
    const applied: string[] = [];
    for (const m of migrations) {
      if (done.has(m.name)) continue;
      await tx.exec(m.sql);
      await tx.query('insert into schema_migrations (name) values ($1)', [m.name]);
      applied.push(m.name);
    }
    return applied;
  });
}
