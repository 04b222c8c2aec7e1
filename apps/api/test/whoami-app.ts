import type { DbKind } from './test-db.js';
import { createTestApp, type TestApp } from './test-app.js';

/**
 * The whole app plus two routes that exist only in tests: GET /api/test/whoami (guarded,
 * answers the verified caller) and GET /api/test/open (config { public: true }).
 */
export function createWhoamiApp(
  kind: DbKind = 'pglite',
  envOverrides: Record<string, string> = {},
): Promise<TestApp> {
  return createTestApp(kind, envOverrides, (app) => {
    app.get('/api/test/whoami', (request) => ({ userId: request.caller?.userId ?? null }));
    app.get('/api/test/open', { config: { public: true } }, (request) => ({
      caller: request.caller,
    }));
  });
}
