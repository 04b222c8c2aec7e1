import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.js';

/** The platform behaviour through the real app (all plugins, real database, sign-in on). */
describe('platform through the whole app', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('answers an unknown /api path with a 404 JSON, not a 401', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/no-such-endpoint',
      headers: { accept: 'text/html' },
    });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ status: 404, title: 'Not Found' });
    expect(res.headers['content-security-policy']).toContain("object-src 'none'");
  });

  it('puts the security headers on the bearer refusal too', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/users/me' });
    expect(res.statusCode).toBe(401);
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  });

  it('serves /config.json, the shared header and the health probes', async () => {
    const config = await t.app.inject({ method: 'GET', url: '/config.json' });
    expect(config.json<{ auth: { issuer: string } }>().auth.issuer).toBe(
      'http://localhost:8080/oidc',
    );
    const header = await t.app.inject({ method: 'GET', url: '/shared/header' });
    expect(header.body).toContain('role="search"');
    expect((await t.app.inject({ method: 'GET', url: '/health/ready' })).statusCode).toBe(200);
  });

  it('answers /api with 503 (before the bearer check) while starting, and as usual while shutting down', async () => {
    try {
      t.app.state.ready = false;
      const starting = await t.app.inject({ method: 'GET', url: '/api/users/me' });
      expect(starting.statusCode).toBe(503);
      expect((await t.app.inject({ method: 'GET', url: '/health/ready' })).statusCode).toBe(503);

      t.app.state.ready = true;
      t.app.state.shuttingDown = true;
      // Only readiness changes (issue 23 §1): the bearer check answers, not a 503.
      const stopping = await t.app.inject({ method: 'GET', url: '/api/users/me' });
      expect(stopping.statusCode).toBe(401);
      expect((await t.app.inject({ method: 'GET', url: '/health/ready' })).statusCode).toBe(503);
    } finally {
      t.app.state.ready = true;
      t.app.state.shuttingDown = false;
    }
  });
});
