import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app.js';
import { loadEnv } from '../src/config/env.js';
import type { Db } from '../src/db/db.js';
import { createTestDb, routeDatabaseKind, type DbKind } from './test-db.js';

export interface TestApp {
  app: FastifyInstance;
  db: Db;
  close(): Promise<void>;
}

export const TEST_KEY_ENCRYPTION_KEY = Buffer.alloc(32, 7).toString('base64');

/** The test environment: quiet, NODE_ENV=test, everything else at its defaults unless overridden. */
export function testEnvSource(overrides: Record<string, string> = {}): NodeJS.ProcessEnv {
  return {
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    PUBLIC_URL: 'http://localhost:8080',
    // A fixed key: tests write no key file into DATA_DIR (ADR 0027 addendum).
    OIDC_KEY_ENCRYPTION_KEY: TEST_KEY_ENCRYPTION_KEY,
    ...overrides,
  };
}

/**
 * The whole app over a fresh seeded database, ready for app.inject(). `extend` may add
 * test-only routes before the app is sealed.
 */
export async function createTestApp(
  kind: DbKind = routeDatabaseKind(),
  envOverrides: Record<string, string> = {},
  extend?: (app: FastifyInstance) => void,
): Promise<TestApp> {
  const testDb = await createTestDb(kind);
  try {
    const app = await buildApp({
      env: loadEnv(testEnvSource(envOverrides)),
      db: testDb.db,
      ready: true,
    });
    extend?.(app);
    await app.ready();
    // Jobs run when a test asks (app.jobs.runDue), not on a timer.
    await app.jobs.start({ work: false });
    return {
      app,
      db: testDb.db,
      async close() {
        try {
          await app.close();
        } finally {
          await testDb.close();
        }
      },
    };
  } catch (error) {
    await testDb.close();
    throw error;
  }
}
