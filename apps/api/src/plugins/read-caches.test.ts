import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { loadEnv } from '../config/env.js';
import type { Db } from '../db/db.js';
import { LISTENER_NAME } from '../db/postgres.js';
import { insertNews } from '../modules/news/news.repository.js';
import { testEnvSource } from '../../test/test-app.js';
import { createTestDb, databaseKinds, type TestDb } from '../../test/test-db.js';
import { bearerFor } from '../../test/tokens.js';
import { twoInstances } from '../../test/two-instances.js';
import { until } from '../../test/until.js';
import { ANNA } from '../../test/demo-emails.js';

// ADR 0043: the token state and the news list are served from caches that the database's
// change notifications drop. Whoever writes (another instance, a job, plain SQL), the next
// reads see it once the notification arrives; a write through the instance itself is seen
// at once. Each test fails without the triggers of migration 016 or without the plugin's
// own drop on writes.

function cachedApp(db: Db): Promise<FastifyInstance> {
  return buildApp({ env: loadEnv(testEnvSource({ READ_CACHE: '1' })), db, ready: true });
}

const newsTitles = async (app: FastifyInstance, token: string): Promise<string[]> => {
  const response = await app.inject({
    url: '/api/news?page=1&size=5',
    headers: { authorization: `Bearer ${token}` },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ title: string }[]>().map((item) => item.title);
};

const newsStatus = async (app: FastifyInstance, token: string): Promise<number> =>
  (
    await app.inject({
      url: '/api/news?page=1&size=1',
      headers: { authorization: `Bearer ${token}` },
    })
  ).statusCode;

describe.each(databaseKinds())('read caches over %s', (kind) => {
  let testDb: TestDb;
  let app: FastifyInstance;
  let token: string;

  beforeAll(async () => {
    testDb = await createTestDb(kind);
    app = await cachedApp(testDb.db);
    await app.ready();
    await until(async () => Promise.resolve(listening(app)), 'the cache listens');
  });
  afterAll(async () => {
    await app.close();
    await testDb.close();
  });
  afterEach(async () => {
    await testDb.db.query(
      `update users set status = 'Active', tokens_valid_after = null where email = $1`,
      [ANNA],
    );
  });

  it('serves the list from the cache, and a news item written by plain SQL replaces it', async () => {
    token = await bearerFor(app, ANNA);
    const before = await newsTitles(app, token);
    expect(app.readCaches.newsList.size).toBe(1);
    expect(await newsTitles(app, token)).toEqual(before);

    const title = `Written elsewhere ${Date.now()}`;
    await insertNews(testDb.db, [
      { title, content: '<p>x</p>', publicationDate: Date.now() + 60_000 },
    ]);
    await until(async () => (await newsTitles(app, token))[0] === title, 'the new item is listed');
  });

  it('a user deactivated by plain SQL loses access once the notification arrives', async () => {
    token = await bearerFor(app, ANNA);
    expect(await newsStatus(app, token)).toBe(200);
    expect(app.readCaches.tokenState.size).toBeGreaterThan(0);
    await testDb.db.query(`update users set status = 'Inactive' where email = $1`, [ANNA]);
    await until(async () => (await newsStatus(app, token)) === 401, 'the token is refused');
  });

  it('a write through this instance is seen by its next read, without waiting', async () => {
    token = await bearerFor(app, ANNA);
    expect(await newsStatus(app, token)).toBe(200);
    const signOut = await app.inject({
      method: 'POST',
      url: '/api/users/me/sign-out-everywhere',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(signOut.statusCode, signOut.body).toBe(204);
    expect(await newsStatus(app, token)).toBe(401);
  });
});

describe.runIf(process.env.DATABASE_URL)('read caches of two instances over one PostgreSQL', () => {
  const instances = twoInstances({ READ_CACHE: '1' });
  let shared: TestDb;
  let a: FastifyInstance;
  let b: FastifyInstance;

  beforeAll(async () => {
    ({ shared, a, b } = instances);
    await until(async () => Promise.resolve(listening(a) && listening(b)), 'both listen');
  });
  afterEach(async () => {
    await shared.db.query(
      `update users set status = 'Active', tokens_valid_after = null where email = $1`,
      [ANNA],
    );
  });

  it('signing out everywhere on one instance ends the token on the other', async () => {
    const token = await bearerFor(a, ANNA);
    expect(await newsStatus(a, token)).toBe(200);
    expect(await newsStatus(a, token)).toBe(200); // now from a's cache
    const signOut = await b.inject({
      method: 'POST',
      url: '/api/users/me/sign-out-everywhere',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(signOut.statusCode, signOut.body).toBe(204);
    await until(async () => (await newsStatus(a, token)) === 401, 'a refuses the token');
  });

  it('a lost notification connection turns the caches off until it is back', async () => {
    const token = await bearerFor(a, ANNA);
    expect(await newsStatus(a, token)).toBe(200);
    await shared.db.query(
      `select pg_terminate_backend(pid) from pg_stat_activity
        where application_name = $1`,
      [LISTENER_NAME],
    );
    await until(async () => Promise.resolve(!listening(a)), 'a notices the lost connection');
    expect(a.readCaches.tokenState.size).toBe(0);
    await until(async () => Promise.resolve(listening(a) && listening(b)), 'both listen again');
    // Back: a change made now reaches a's cache again.
    expect(await newsStatus(a, token)).toBe(200);
    await shared.db.query(`update users set status = 'Inactive' where email = $1`, [ANNA]);
    await until(async () => (await newsStatus(a, token)) === 401, 'a refuses the token');
  });
});

/** Whether the app's caches are listening (and so serving). */
function listening(app: FastifyInstance): boolean {
  return app.readCaches.serving();
}
