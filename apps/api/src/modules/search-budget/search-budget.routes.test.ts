import { problemSchema } from '@portico/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testEnvSource } from '../../../test/test-app.js';
import { createTestDb, databaseKinds, type TestDb } from '../../../test/test-db.js';
import { bearerFor } from '../../../test/tokens.js';
import { buildApp } from '../../app.js';
import { loadEnv } from '../../config/env.js';
import type { Db } from '../../db/db.js';
import { openDb } from '../../db/open-db.js';
import { ANNA, PAUL, NINA } from '../../../test/demo-emails.js';

/**
 * Issue 34: one user's cache-busting searches slowed everyone. Each user has a budget of
 * search calls (news searches, the search page's counts) per minute, counted in the database:
 * a second instance on the same database sees the same budget (ADR 0061).
 */

const BUDGET = 5;

/** Search calls of every kind the budget covers, each with text no cache has seen. */
const searches = (n: number): string[] =>
  Array.from({ length: n }, (_, i) => {
    const text = `budget-${i}-${Math.random().toString(36).slice(2)}`;
    return [
      `/api/news?query=${text}`,
      `/api/communities/search/count?query=${text}`,
      `/api/university/search/count?query=${text}`,
      `/api/products/p-erp/news?query=${text}`,
      `/api/support/count?userId=u-anna&query=${text}`,
    ][i % 5]!;
  });

describe.each(databaseKinds())('the per-user search budget over %s', (kind) => {
  let shared: TestDb | undefined;
  let secondDb: Db | undefined;
  /** Closed after the tests, as far as they were started. */
  const started: FastifyInstance[] = [];
  let a: FastifyInstance;
  let b: FastifyInstance;
  const tokens = new Map<string, string>();

  beforeAll(async () => {
    shared = await createTestDb(kind);
    // Another instance has its own pool (PostgreSQL); one PGlite is one process's database.
    secondDb =
      kind === 'postgres'
        ? await openDb({ databaseUrl: shared.databaseUrl, schema: shared.schema! })
        : undefined;
    const env = loadEnv(testEnvSource({ SEARCH_RATE_LIMIT: String(BUDGET) }));
    a = await buildApp({ env, db: shared.db, ready: true });
    started.push(a);
    b = await buildApp({ env, db: secondDb ?? shared.db, ready: true });
    started.push(b);
    await Promise.all([a.ready(), b.ready()]);
    for (const email of [ANNA, NINA, PAUL]) tokens.set(email, await bearerFor(a, email));
  });
  afterAll(async () => {
    for (const app of started) await app.close();
    await secondDb?.close();
    await shared?.close();
  });

  const get = (app: FastifyInstance, email: string, url: string) =>
    app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${tokens.get(email)}` } });

  it('answers 429 with Retry-After and a message past the budget, on either instance', async () => {
    const calls = searches(BUDGET);
    for (const [i, url] of calls.entries()) {
      const res = await get(i % 2 === 0 ? a : b, ANNA, url);
      expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
    }
    for (const app of [a, b]) {
      const res = await get(app, ANNA, searches(1)[0]!);
      expect(res.statusCode).toBe(429);
      const retryAfter = Number(res.headers['retry-after']);
      expect(retryAfter).toBeGreaterThanOrEqual(1);
      expect(retryAfter).toBeLessThanOrEqual(60);
      expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
      expect(problemSchema.parse(res.json())).toMatchObject({
        status: 429,
        detail: `You have searched too often in a short time. Please wait ${retryAfter} seconds and try again.`,
      });
    }
    // Every count endpoint is covered, not only the one that spent the last call.
    for (const url of [
      ...searches(5),
      '/api/search/count?productId=x&query=y',
      '/api/search/combined-count?productId=x&query=y',
    ]) {
      expect((await get(b, ANNA, url)).statusCode, url).toBe(429);
    }
  });

  it('leaves other users, plain news pages and invalid requests out of it', async () => {
    for (const url of searches(BUDGET)) {
      expect((await get(a, NINA, url.replace('p-erp', 'none'))).statusCode).not.toBe(429);
    }
    // Anna's budget is spent (the test before), but a page of news is not a search…
    expect((await get(a, ANNA, '/api/news?page=2')).statusCode).toBe(200);
    // …and a request refused as invalid never reaches the budget.
    expect((await get(b, ANNA, '/api/news?query=a%00b')).statusCode).toBe(400);
  });

  it('lets exactly the budget through when calls arrive at once on both instances', async () => {
    const results = await Promise.all(
      searches(BUDGET * 3).map((url, i) => get(i % 2 === 0 ? a : b, PAUL, url)),
    );
    const codes = results.map((res) => res.statusCode);
    expect(codes.filter((code) => code === 429)).toHaveLength(BUDGET * 2);
    expect(codes.filter((code) => code !== 429).every((code) => code < 500)).toBe(true);
  });
});
