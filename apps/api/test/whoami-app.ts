import { buildApp } from '../src/app.js';
import { loadEnv } from '../src/config/env.js';
import { createTestDb, type DbKind } from './test-db.js';
import { testEnvSource, type TestApp } from './test-app.js';

/**
 * The whole app plus two routes that exist only in tests: GET /api/test/whoami (guarded,
 * answers the verified caller) and GET /api/test/open (config { public: true }).
 */
export async function createWhoamiApp(
  kind: DbKind = 'pglite',
  envOverrides: Record<string, string> = {},
): Promise<TestApp> {
  const testDb = await createTestDb(kind);
  try {
    const app = await buildApp({
      env: loadEnv(testEnvSource(envOverrides)),
      db: testDb.db,
      ready: true,
    });
    app.get('/api/test/whoami', (request) => ({ userId: request.caller?.userId ?? null }));
    app.get('/api/test/open', { config: { public: true } }, (request) => ({
      caller: request.caller,
    }));
    await app.ready();
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
