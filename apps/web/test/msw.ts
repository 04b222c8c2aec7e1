import { http, HttpResponse, type RequestHandler } from 'msw';
import { setupServer, type SetupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll } from 'vitest';

/** The first-paint cookie calls every sign-in and sign-out makes (ADR 0044), answered. */
const firstPaintSession = [
  http.put('*/session/first-paint', () => new HttpResponse(null, { status: 204 })),
  http.delete('*/session/first-paint', () => new HttpResponse(null, { status: 204 })),
];

/**
 * An MSW server for one test file: started before its tests, handlers added by a test are
 * removed after it, closed at the end. Unhandled requests fail the test.
 */
export function setupTestServer(...handlers: RequestHandler[]): SetupServer {
  const server = setupServer(...handlers, ...firstPaintSession);
  // A test that replaces the initial handlers keeps the first-paint answers all the same.
  const reset = server.resetHandlers.bind(server);
  server.resetHandlers = (...next: Parameters<SetupServer['resetHandlers']>) =>
    next.length > 0 ? reset(...next, ...firstPaintSession) : reset();
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  afterEach(() => server.resetHandlers());
  afterAll(() => server.close());
  return server;
}
