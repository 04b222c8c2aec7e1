import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { routeDatabaseKind, type DbKind } from './test-db.js';
import { createTestApp, type TestApp } from './test-app.js';

/**
 * The whole app plus two routes that exist only in tests: GET /api/test/whoami (guarded,
 * answers the verified caller) and GET /api/test/open (config { public: true }).
 */
export function createWhoamiApp(
  kind: DbKind = routeDatabaseKind(),
  envOverrides: Record<string, string> = {},
): Promise<TestApp> {
  return createTestApp(kind, envOverrides, (app) => {
    app.get('/api/test/whoami', (request) => ({ userId: request.caller?.userId ?? null }));
    app.get('/api/test/open', { config: { public: true } }, (request) => ({
      caller: request.caller,
    }));
  });
}

/** GET /api/test/whoami with `authorization` as it is ("Bearer …"), or with none. */
export function whoamiWith(
  app: FastifyInstance,
  authorization?: string,
): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'GET',
    url: '/api/test/whoami',
    headers: authorization ? { authorization } : {},
  });
}
