import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { buildApp } from '../src/app.js';
import { loadEnv } from '../src/config/env.js';
import type { Db } from '../src/db/db.js';
import { openDb } from '../src/db/open-db.js';
import { testEnvSource } from './test-app.js';
import { createTestDb, type TestDb } from './test-db.js';

export interface TwoInstances {
  /** The scratch database both share; `shared.db` is instance a's own connection pool. */
  shared: TestDb;
  a: FastifyInstance;
  b: FastifyInstance;
}

/**
 * Two API instances over one PostgreSQL database (issue 11, "Scale past one machine"), each
 * with its own connection pool, provider object and caches: they share nothing but the
 * database. Call it inside a describe: it starts them before its tests and closes them after.
 * The fields are filled once the describe's tests run.
 */
export function twoInstances(envOverrides: Record<string, string> = {}): TwoInstances {
  // Empty until beforeAll fills it; closed in afterAll only as far as it got.
  const instances: Partial<TwoInstances> = {};
  let secondDb: Db | undefined;
  beforeAll(async () => {
    instances.shared = await createTestDb('postgres');
    secondDb = await openDb({
      databaseUrl: instances.shared.databaseUrl,
      schema: instances.shared.schema!,
    });
    const env = loadEnv(testEnvSource(envOverrides));
    instances.a = await buildApp({ env, db: instances.shared.db, ready: true });
    instances.b = await buildApp({ env, db: secondDb, ready: true });
    await Promise.all([instances.a.ready(), instances.b.ready()]);
  });
  afterAll(async () => {
    await instances.a?.close();
    await instances.b?.close();
    await secondDb?.close();
    await instances.shared?.close();
  });
  return instances as TwoInstances;
}
