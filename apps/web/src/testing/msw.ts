import type { RequestHandler } from 'msw';
import { setupServer, type SetupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll } from 'vitest';

/**
 * An MSW server for one test file: started before its tests, handlers added by a test are
 * removed after it, closed at the end. Unhandled requests fail the test.
 */
export function setupTestServer(...handlers: RequestHandler[]): SetupServer {
  const server = setupServer(...handlers);
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  afterEach(() => server.resetHandlers());
  afterAll(() => server.close());
  return server;
}
