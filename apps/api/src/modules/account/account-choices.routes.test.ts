// The account picker's calls (issue 37, ADR 0070): who may look at which account, the
// server-side search with its limit, and the recently used accounts kept per user in the
// database, so a second node sees what the first recorded.
import {
  accountChoiceListSchema,
  problemSchema,
  cloudInstanceListSchema,
  recentAccountsSchema,
} from '@portico/contracts';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { loadEnv } from '../../config/env.js';
import { createTestApp, testEnvSource, type TestApp } from '../../../test/test-app.js';
import { routeDatabaseKinds } from '../../../test/test-db.js';
import { bearerFor } from '../../../test/tokens.js';
import { ANNA, PAUL, ERIK } from '../../../test/demo-emails.js';

describe.each(routeDatabaseKinds())('the account picker API over %s', (kind) => {
  let t: TestApp;
  /** A second node over the same database: nothing of the first one's memory. */
  let other: FastifyInstance;
  const tokens = new Map<string, string>();

  beforeAll(async () => {
    t = await createTestApp(kind);
    other = await buildApp({ env: loadEnv(testEnvSource()), db: t.db, ready: true });
    await other.ready();
    for (const email of [ANNA, PAUL, ERIK]) tokens.set(email, await bearerFor(t.app, email));
  });
  afterAll(async () => {
    await other.close();
    await t.close();
  });

  const call = (
    app: FastifyInstance,
    email: string,
    method: 'GET' | 'PUT',
    url: string,
  ): Promise<LightMyRequestResponse> =>
    app.inject({ method, url, headers: { authorization: `Bearer ${tokens.get(email) ?? ''}` } });
  const search = async (email: string, query: string) => {
    const res = await call(t.app, email, 'GET', `/api/accounts?${query}`);
    expect(res.statusCode, query).toBe(200);
    return accountChoiceListSchema.parse(res.json()).map((a) => a.name);
  };
  const recent = async (app: FastifyInstance, email: string) => {
    const res = await call(app, email, 'GET', '/api/accounts/recent');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toContain('no-store');
    return recentAccountsSchema.parse(res.json());
  };

  it('searches every account for a vendor employee, by name, id or customer id, with a limit', async () => {
    expect(await search(ERIK, 'query=north')).toEqual([
      'Northwind Group Holding',
      'Northwind Logistics AS',
    ]);
    expect(await search(ERIK, 'query=ECI-300157')).toEqual(['Meridian Consulting Group Ltd']);
    expect(await search(ERIK, 'query=ACC-BRIGHT')).toEqual(['Brightwater Housing Association']);
    // LIKE's wildcards are taken literally.
    expect(await search(ERIK, 'query=%25')).toEqual([]);
    const all = await search(ERIK, '');
    expect(all).toEqual(
      expect.arrayContaining(['Portico Software B.V.', 'Kestrel Aerospace GmbH']),
    );
    expect(all).toEqual([...all].sort((a, b) => (a < b ? -1 : 1)));
    expect(await search(ERIK, 'limit=2')).toEqual(all.slice(0, 2));
  });

  it("gives a partner their own account and the customers they serve (GET /api/partner/accounts' list)", async () => {
    expect(await search(PAUL, '')).toEqual([
      'Meridian Consulting Group Ltd',
      'Harbourline Ferries Ltd',
      'Kestrel Aerospace GmbH',
      'Northwind Logistics AS',
    ]);
    expect(await search(PAUL, 'query=kes')).toEqual(['Kestrel Aerospace GmbH']);
    expect(await search(PAUL, 'query=bright')).toEqual([]);
    expect(await search(ANNA, '')).toEqual(['Northwind Logistics AS']);
  });

  it('answers 400 with a message for a bad limit, query or account id', async () => {
    for (const [url, message] of [
      ['/api/accounts?limit=0', 'limit must be'],
      ['/api/accounts?limit=51', 'limit must be'],
      [`/api/accounts?query=${'x'.repeat(101)}`, 'query must be'],
      ['/api/accounts?query=a&query=b', 'query must be given once'],
    ] as const) {
      const res = await call(t.app, ERIK, 'GET', url);
      expect(res.statusCode, url).toBe(400);
      expect(problemSchema.parse(res.json()).detail).toContain(message);
    }
    const res = await call(t.app, ERIK, 'PUT', '/api/accounts/recent/%00x');
    expect(res.statusCode).toBe(400);
  });

  it('keeps the recently used accounts per user in the database: another node sees them', async () => {
    expect(await recent(t.app, ERIK)).toEqual({
      own: { id: 'acc-portico', name: 'Portico Software B.V.' },
      recent: [],
    });
    for (const id of ['acc-brightwater', 'acc-northwind']) {
      const res = await call(t.app, ERIK, 'PUT', `/api/accounts/recent/${id}`);
      expect(res.statusCode).toBe(204);
    }
    // Asked on the other node: newest first.
    expect((await recent(other, ERIK)).recent.map((a) => a.id)).toEqual([
      'acc-northwind',
      'acc-brightwater',
    ]);
    // Picking one again moves it to the front, recorded on the other node this time.
    expect(
      (await call(other, ERIK, 'PUT', '/api/accounts/recent/acc-brightwater')).statusCode,
    ).toBe(204);
    expect((await recent(t.app, ERIK)).recent.map((a) => a.id)).toEqual([
      'acc-brightwater',
      'acc-northwind',
    ]);
    // Per user: paul's list is his own.
    expect((await recent(t.app, PAUL)).recent).toEqual([]);
  });

  it('answers 404 for an account the caller may not look at, and records nothing', async () => {
    for (const [email, id] of [
      [ANNA, 'acc-meridian'],
      [PAUL, 'acc-brightwater'],
      [PAUL, 'acc-portico'],
      [ERIK, 'acc-nowhere'],
    ] as const) {
      const res = await call(t.app, email, 'PUT', `/api/accounts/recent/${id}`);
      expect(res.statusCode, `${email} ${id}`).toBe(404);
      expect(problemSchema.parse(res.json()).status).toBe(404);
    }
    expect((await recent(t.app, ANNA)).recent).toEqual([]);
  });

  it('lets a partner look at the cloud of a customer they serve, and forgets it when the link goes', async () => {
    expect((await call(t.app, PAUL, 'PUT', '/api/accounts/recent/acc-northwind')).statusCode).toBe(
      204,
    );
    const res = await call(t.app, PAUL, 'GET', '/api/cloud/instances?accountId=acc-northwind');
    expect(res.statusCode).toBe(200);
    expect(cloudInstanceListSchema.parse(res.json()).map((i) => i.name)).toContain('Northwind ERP');
    expect(
      (await call(t.app, PAUL, 'GET', '/api/cloud/instances?accountId=acc-brightwater')).statusCode,
    ).toBe(404);

    await t.db.query(
      `delete from partner_customer_accounts where customer_account_id = 'acc-northwind'`,
    );
    expect((await recent(t.app, PAUL)).recent).toEqual([]);
    expect(
      (await call(t.app, PAUL, 'GET', '/api/cloud/instances?accountId=acc-northwind')).statusCode,
    ).toBe(404);
  });
});
