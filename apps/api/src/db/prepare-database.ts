import type { Db } from './db.js';
import { migrate } from './migrate.js';

/**
 * Held by a starting node while it prepares the schema. Its own key: the schema (727273),
 * the migrations (727274) and the seed steps (727275…) take theirs in transactions on other
 * connections, and would wait for this one's holder, themselves.
 */
const START_UP_LOCK = 727272;

export interface StartUpSteps {
  /** Inserts the demo data (DEMO_SEED; the seed lives in src/seed, above the database layer). */
  seed?: ((db: Db) => Promise<void>) | undefined;
  /** Installs the job queue's tables and queues and starts its workers (app.jobs.start). */
  startJobs: () => Promise<void>;
}

/**
 * Every start-up step that changes the schema — migrations, the demo seed, the job queue's
 * own tables and queues — one starting node at a time (ADR 0016, addendum). pg-boss's setup
 * is not safe against a second node running it at once: two cold starts over an empty schema
 * deadlocked and one node crashed (issue 23 §5). On PostgreSQL a transaction holds an
 * advisory lock while the steps run on the other pooled connections; PGlite has one process.
 * Returns the migrations applied.
 */
export async function prepareDatabase(db: Db, steps: StartUpSteps): Promise<string[]> {
  const run = async (): Promise<string[]> => {
    const applied = await migrate(db);
    if (steps.seed) await steps.seed(db);
    await steps.startJobs();
    return applied;
  };
  if (db.kind !== 'postgres') return run();
  return db.transaction(async (tx) => {
    await tx.query('select pg_advisory_xact_lock($1)', [START_UP_LOCK]);
    return run();
  });
}
