import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { loadEnv } from '../config/env.js';
import { testEnvSource } from '../../test/test-app.js';
import { createTestDb, type TestDb } from '../../test/test-db.js';
import { bearerFor } from '../../test/tokens.js';
import { redactSecrets } from './log-redaction.js';

describe('secrets in the access log (issue 11 §5)', () => {
  let testDb: TestDb;
  let app: FastifyInstance;
  const lines: string[] = [];

  beforeAll(async () => {
    testDb = await createTestDb();
    app = await buildApp({
      env: loadEnv(testEnvSource({ LOG_LEVEL: 'info' })),
      db: testDb.db,
      ready: true,
      logStream: { write: (line) => void lines.push(line) },
    });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await testDb.close();
  });

  const logged = (): string => lines.join('');
  const loggedUrls = (): string[] =>
    lines.flatMap((line) => {
      const entry = JSON.parse(line) as { req?: { url?: string } };
      return entry.req?.url ? [entry.req.url] : [];
    });

  it('never writes the support desk frame token of ?t=… (it is logged as [redacted])', async () => {
    const bearer = await bearerFor(app, 'anna.customer@portico.test');
    const tokenResponse = await app.inject({
      method: 'GET',
      url: '/api/support/frame-token',
      headers: { authorization: `Bearer ${bearer}` },
    });
    const { token } = tokenResponse.json<{ token: string }>();
    lines.length = 0;
    const res = await app.inject({
      method: 'GET',
      url: `/support-desk/track-cases?status=new&t=${token}`,
    });
    expect(res.statusCode).toBe(303);
    expect(logged()).not.toContain(token);
    expect(loggedUrls()).toContain('/support-desk/track-cases?status=new&t=[redacted]');
    // Neither the bearer token nor the desk cookie of later calls.
    const cookie = String(res.headers['set-cookie']).split(';', 1)[0]!;
    await app.inject({ method: 'GET', url: '/support-desk/contacts', headers: { cookie } });
    await app.inject({
      method: 'GET',
      url: '/api/news',
      headers: { authorization: `Bearer ${bearer}`, cookie },
    });
    expect(logged()).not.toContain(bearer);
    expect(logged()).not.toContain(cookie.split('=')[1]);
  });

  it('redacts codes, tokens and state in any logged URL, keeping other parameters', async () => {
    lines.length = 0;
    const secrets = {
      code: 'code-secret-1',
      state: 'state-secret-2',
      id_token: 'idt-secret-3',
      access_token: 'at-secret-4',
      token: 'tok-secret-5',
    };
    const query = new URLSearchParams({ page: '2', ...secrets }).toString();
    await app.inject({ method: 'GET', url: `/state-redirect?${query}` });
    await app.inject({ method: 'GET', url: `/api/no-such-route?${query}` });
    for (const secret of Object.values(secrets)) expect(logged()).not.toContain(secret);
    expect(loggedUrls()).toContain(
      '/state-redirect?page=2&code=[redacted]&state=[redacted]&id_token=[redacted]&access_token=[redacted]&token=[redacted]',
    );
  });

  it('redacts parameter names in any case and leaves look-alikes alone', () => {
    expect(redactSecrets('/x?T=a&tt=b&State=c&q=code=d')).toBe(
      '/x?T=[redacted]&tt=b&State=[redacted]&q=code=d',
    );
  });
});
