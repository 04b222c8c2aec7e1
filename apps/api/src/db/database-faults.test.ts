import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { loadEnv } from '../config/env.js';
import type { Db } from './db.js';
import { openDb } from './open-db.js';
import { LISTENER_NAME } from './postgres.js';
import { startCuttableProxy, type CuttableProxy } from '../../test/cuttable-proxy.js';
import { adminQuery } from '../../test/postgres-admin.js';
import { testEnvSource } from '../../test/test-app.js';
import { createTestDb, type TestDb } from '../../test/test-db.js';
import { bearerFor } from '../../test/tokens.js';
import { newUserInput } from '../../test/user-input.js';
import { ANNA } from '../../test/demo-emails.js';

// Issue 24 "Faults", ADR 0053: PostgreSQL restarts under load. The API talks to the shared
// cluster through a proxy the test cuts (reset: a restart; blackhole: a server that does not
// answer), while pg_terminate_backend ends its backends again and again. Callers get 2xx or a
// fast 503 with a JSON message, never a 500 or a hang; the process does not crash; the pool
// and the change listener come back by themselves; every write answered 2xx is stored.

const CONNECT_TIMEOUT_MS = 800;

interface Outcome {
  status: number;
  started: number;
  ms: number;
  email?: string;
  body: string;
  retryAfter?: string;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until(check: () => Promise<boolean> | boolean, ms: number, what: string) {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`not within ${ms} ms: ${what}`);
    await sleep(25);
  }
}

describe.skipIf(!process.env.DATABASE_URL)('PostgreSQL going away under load', () => {
  let shared: TestDb;
  let proxy: CuttableProxy;
  let db: Db;
  let app: FastifyInstance;
  let databaseName: string;

  beforeAll(async () => {
    shared = await createTestDb('postgres');
    databaseName = new URL(shared.databaseUrl!).pathname.slice(1);
    // Enough licences for every user the load creates.
    await shared.db.query(
      `update accounts set licence_count = 100000
        where id = (select account_id from users where email = $1)`,
      [ANNA],
    );
    proxy = await startCuttableProxy(new URL(shared.databaseUrl!));
    db = await openDb({
      databaseUrl: proxy.urlFor(shared.databaseUrl!),
      schema: shared.schema!,
      connectTimeoutMs: CONNECT_TIMEOUT_MS,
    });
    // READ_CACHE on: the change listener runs and must come back too.
    app = await buildApp({ env: loadEnv(testEnvSource({ READ_CACHE: '1' })), db, ready: true });
    await app.ready();
    await app.jobs.start({ work: false });
  });
  afterAll(async () => {
    await app.close();
    await db.close();
    await proxy.close();
    await shared.close();
  });

  const terminateBackends = () =>
    adminQuery(
      `select pg_terminate_backend(pid) from pg_stat_activity
        where datname = '${databaseName}' and pid <> pg_backend_pid()`,
    );

  it('answers 2xx or a fast 503, recovers by itself and keeps every answered write', async () => {
    await until(() => app.readCaches.serving(), 5_000, 'the listener is up');
    const headers = { authorization: `Bearer ${await bearerFor(app, ANNA)}` };
    const outcomes: Outcome[] = [];
    let sequence = 0;
    let running = true;

    const call = async (): Promise<void> => {
      const write = sequence % 3 !== 2;
      const email = `load.${(sequence += 1)}@northwind.test`;
      const started = Date.now();
      const res = await app.inject(
        write
          ? {
              method: 'POST',
              url: '/api/users',
              headers,
              payload: newUserInput({ firstName: 'Load', lastName: 'Test', email, username: '' }),
            }
          : { method: 'GET', url: '/api/news?page=1&size=5', headers },
      );
      outcomes.push({
        status: res.statusCode,
        started,
        ms: Date.now() - started,
        body: res.body,
        ...(write ? { email } : {}),
        ...(res.headers['retry-after'] ? { retryAfter: res.headers['retry-after'] } : {}),
      });
    };
    const worker = async () => {
      while (running) await call();
    };
    const workers = [worker(), worker(), worker(), worker()];

    // Backends ended mid-load, again and again (the listener's too).
    for (let i = 0; i < 4; i += 1) {
      await sleep(350);
      await terminateBackends();
    }
    const cutAt = Date.now();
    // The server restarting: every connection reset, new ones refused.
    proxy.cut('refuse');
    await sleep(700);
    // A server that accepts but does not answer: connects hang until the time-out.
    proxy.cut('blackhole');
    await sleep(1_500);
    proxy.restore();
    const restoredAt = Date.now();
    // Calls that began once the cut was known (a call in flight may still finish well).
    const duringCut = () =>
      outcomes.filter((o) => o.started > cutAt + 200 && o.started < restoredAt);
    // Back within seconds: a write succeeds, and the caches serve again (listener back).
    await until(
      () => outcomes.some((o) => o.started >= restoredAt && o.status === 201),
      5_000,
      'a write succeeds after the database is back',
    );
    await until(() => app.readCaches.serving(), 6_000, 'the change listener is back');
    const recoveredMs = Date.now() - restoredAt;
    await sleep(700); // load goes on over the recovered pool
    running = false;
    await Promise.all(workers);

    const statuses = new Set(outcomes.map((o) => o.status));
    expect([...statuses].filter((s) => ![200, 201, 503].includes(s))).toEqual([]);
    expect(duringCut().length).toBeGreaterThan(0);
    expect(duringCut().filter((o) => o.status !== 503)).toEqual([]);
    for (const o of outcomes.filter((x) => x.status === 503)) {
      expect(JSON.parse(o.body)).toMatchObject({
        status: 503,
        detail: 'The database is not reachable right now. Please try again in a moment.',
      });
      expect(o.retryAfter).toBeDefined();
    }
    // No hang: a call waits at most about one connect time-out (two when it needs a second
    // connection, for the token state and then its own transaction), plus a busy machine.
    expect(Math.max(...outcomes.map((o) => o.ms))).toBeLessThan(5 * CONNECT_TIMEOUT_MS);
    expect(recoveredMs).toBeLessThan(6_000);

    // Every write answered 201 is there; nothing answered 503 needs to be, but none is doubled.
    const answered = outcomes.filter((o) => o.status === 201).map((o) => o.email!);
    expect(answered.length).toBeGreaterThan(2);
    const { rows } = await shared.db.query<{ email: string }>(
      `select email from users where email like 'load.%@northwind.test'`,
    );
    const stored = new Set(rows.map((r) => r.email));
    expect(answered.filter((email) => !stored.has(email))).toEqual([]);

    // The listener reconnected under its own name.
    const { rows: listeners } = await shared.db.query<{ n: number }>(
      `select count(*)::int as n from pg_stat_activity
        where datname = $1 and application_name = $2`,
      [databaseName, LISTENER_NAME],
    );
    expect(listeners[0]?.n).toBe(1);
  }, 30_000);
});
