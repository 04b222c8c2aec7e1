import type { Db } from '../../db/db.js';

/**
 * pg-boss 10 kept its jobs in tables of its schema version 24, which pg-boss 11 and later do
 * not migrate (pg-boss 11's release notes: move the jobs over by hand). So before pg-boss 12
 * installs its own tables in the same schema (ADR 0062):
 * - `retireBossV10` keeps the jobs still to run (created, waiting to retry, or cut off while
 *   active) in a table of our own and drops pg-boss 10's objects, in one transaction;
 * - `carryOverBossV10Jobs`, once pg-boss 12 runs, sends them again and drops that table. A
 *   crash between the two sends them at the next start (at least once, as any job).
 */
const STASH = 'pgboss_v10_jobs';

export interface CarriedJob {
  name: string;
  data: object | null;
  retryLimit: number;
  retryCount: number;
  retryDelay: number;
  retryBackoff: boolean;
  startAfter: Date;
  singletonKey: string | null;
}

const ident = (name: string): string => `"${name.replaceAll('"', '""')}"`;

async function exists(db: Db, schema: string, table: string): Promise<boolean> {
  const { rows } = await db.query<{ present: boolean }>(
    'select to_regclass($1) is not null as present',
    [`${ident(schema)}.${ident(table)}`],
  );
  return rows[0]?.present === true;
}

export async function retireBossV10(db: Db, schema: string): Promise<void> {
  if (!(await exists(db, schema, 'version'))) return;
  const s = ident(schema);
  const { rows } = await db.query<{ v: number }>(`select version::int as v from ${s}.version`);
  const version = rows[0]?.v;
  if (version === undefined || version >= 25) return;
  if (version !== 24) {
    throw new Error(
      `pg-boss schema version ${version} in ${schema}: only 24 (pg-boss 10) is carried over`,
    );
  }
  await db.transaction(async (tx) => {
    await tx.exec(`
      create table if not exists ${s}.${STASH} as
        select name, data, retry_limit, retry_count, retry_delay, retry_backoff, start_after,
               singleton_key
          from ${s}.job where state in ('created', 'retry', 'active');
      drop table ${s}.job, ${s}.archive, ${s}.schedule, ${s}.subscription, ${s}.queue,
        ${s}.version cascade;
      drop function if exists ${s}.create_queue(text, json), ${s}.delete_queue(text);
      drop type if exists ${s}.job_state;
    `);
  });
}

export async function carryOverBossV10Jobs(
  db: Db,
  schema: string,
  send: (job: CarriedJob) => Promise<void>,
): Promise<number> {
  if (!(await exists(db, schema, STASH))) return 0;
  const s = ident(schema);
  const { rows } = await db.query<CarriedJob>(
    `select name, data, retry_limit as "retryLimit", retry_count as "retryCount",
            retry_delay as "retryDelay", retry_backoff as "retryBackoff",
            start_after as "startAfter", singleton_key as "singletonKey"
       from ${s}.${STASH}`,
  );
  for (const job of rows) await send(job);
  await db.exec(`drop table ${s}.${STASH}`);
  return rows.length;
}
