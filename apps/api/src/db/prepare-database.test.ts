import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { loadEnv } from '../config/env.js';
import { MAIL_SEND_JOB } from '../lib/mail/mailer.js';
import { testEnvSource } from '../../test/test-app.js';
import type { Db } from './db.js';
import { openDb } from './open-db.js';
import { prepareDatabase } from './prepare-database.js';
import { seedDemo } from '../seed/seed.js';

const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) {
  console.warn('the two-cold-starts test needs PostgreSQL: set DATABASE_URL (.ci/run sets it)');
}

// Issue 23 §5: the README says nodes may start at once; two over an empty schema crashed one.
describe.runIf(databaseUrl)('two nodes starting at once over an empty PostgreSQL schema', () => {
  const schema = `t_${randomBytes(6).toString('hex')}`;
  const dbs: Db[] = [];
  const apps: FastifyInstance[] = [];

  afterAll(async () => {
    for (const app of apps) await app.close();
    await dbs[0]?.exec(`drop schema if exists "${schema}" cascade`);
    for (const db of dbs) await db.close();
  });

  /** What server.ts does before it listens, then its start-up steps (the demo seed on). */
  async function coldStart(): Promise<string[]> {
    const db = await openDb({ databaseUrl, schema });
    dbs.push(db);
    const app = await buildApp({ env: loadEnv(testEnvSource()), db });
    apps.push(app);
    await app.ready();
    return prepareDatabase(db, { seed: seedDemo, startJobs: () => app.jobs.start() });
  }

  it('both start: migrations applied once, the demo seeded once, both job queues working', async () => {
    const results = await Promise.allSettled([coldStart(), coldStart()]);
    expect(results.map((r) => (r.status === 'rejected' ? String(r.reason) : 'started'))).toEqual([
      'started',
      'started',
    ]);
    const applied = results.map((r) => (r.status === 'fulfilled' ? r.value.length : -1));
    expect(applied.sort((x, y) => x - y)[0]).toBe(0); // the second found them applied
    expect(applied.some((count) => count > 0)).toBe(true);

    const db = dbs[0]!;
    const users = await db.query<{ n: number }>(
      "select count(*)::int as n from users where email = 'anna.customer@portico.test'",
    );
    expect(users.rows[0]?.n).toBe(1);
    // Each node's queue accepts jobs into the one shared queue schema.
    for (const app of apps) {
      await app.jobs.enqueue(MAIL_SEND_JOB, {
        to: 'someone@portico.test',
        subject: 'Hello',
        text: 'Hello',
      });
    }
  }, 180_000);
});
