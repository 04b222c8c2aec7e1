import {
  accountUserSchema,
  problemSchema,
  newsEditorialItemSchema,
  notificationEventSchema,
  notificationRemovedEventSchema,
  notificationStreamTicketSchema,
} from '@portico/contracts';
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { openSse, type SseEvent, type SseStream } from '../../../test/sse-client.js';
import { appPerSuite } from '../../../test/suite-app.js';
import type { TestApp } from '../../../test/test-app.js';
import { routeDatabaseKinds } from '../../../test/test-db.js';
import { bearerFor } from '../../../test/tokens.js';
import { twoInstances } from '../../../test/two-instances.js';
import { inputOf } from '../../../test/user-input.js';
import type { Queryable } from '../../db/db.js';
import { ANNA, ERIK } from '../../../test/demo-emails.js';

/** What the helpers below use of an app. */
type SuiteTestApp = Pick<TestApp, 'app' | 'db'>;

// Issue 34 (defects 1 and 2) and issue 37 (ADR 0054, addendum): a stream ends with the
// sign-in it was opened for, streams are capped per user and per node, a notification fans
// out with one query per batch, and withdrawn news leaves open bells at once.

let sources = 0;
async function addNotification(
  db: Queryable,
  userId: string,
  title: string,
  source = `limits-test:${Date.now()}:${(sources += 1)}`,
): Promise<string> {
  const { rows } = await db.query<{ id: string }>(
    `insert into user_notifications (user_id, source, icon, title, content, path, link)
     values ($1, $2, 'news', $3, 'Intro', '/news', 'Read the article') returning id::text as id`,
    [userId, source, title],
  );
  return rows[0]!.id;
}

const titled = (title: string) => (e: SseEvent) =>
  e.event === 'notification' &&
  notificationEventSchema.parse(JSON.parse(e.data)).notification.title === title;

const auth = (token: string) => ({ authorization: `Bearer ${token}` });

async function getTicket(app: FastifyInstance, token: string) {
  return app.inject({
    method: 'GET',
    url: '/api/notifications/stream-ticket',
    headers: auth(token),
  });
}
async function ticketFor(app: FastifyInstance, token: string): Promise<string> {
  const response = await getTicket(app, token);
  expect(response.statusCode).toBe(200);
  return notificationStreamTicketSchema.parse(response.json()).ticket;
}
/** The address of the stream of `ticket` on the server at `base`. */
const streamAt = (base: string, ticket: string, lastEventId?: string) =>
  `${base}/api/notifications/stream?t=${ticket}${lastEventId ? `&lastEventId=${lastEventId}` : ''}`;

/**
 * appPerSuite's app, listening on a free port (a stream is read over a real socket), and the
 * address of the stream of a ticket there.
 */
function listeningAppPerSuite(...args: Parameters<typeof appPerSuite>) {
  const t = appPerSuite(...args);
  let base = '';
  beforeAll(async () => {
    base = await t.app.listen({ host: '127.0.0.1', port: 0 });
  });
  const streamUrl = (ticket: string, lastEventId?: string) => streamAt(base, ticket, lastEventId);
  return { t, streamUrl };
}

/** An Active user of Anna's account, with a fresh token. */
async function activeUser(t: SuiteTestApp, id: string): Promise<{ email: string; token: string }> {
  const { rows } = await t.db.query<{ email: string }>(
    `update users set status = 'Active' where id = $1 returning email`,
    [id],
  );
  const email = rows[0]!.email;
  const token = await bearerFor(t.app, email);
  // The write bypassed the API: the node honours the user once the change feed has dropped
  // its cached state (asynchronous over PostgreSQL), which a loaded machine shows.
  await vi.waitFor(
    async () => {
      const me = await t.app.inject({ method: 'GET', url: '/api/users/me', headers: auth(token) });
      expect(me.statusCode).toBe(200);
    },
    { timeout: 10_000, interval: 50 },
  );
  return { email, token };
}

/** What Anna's user management sends to change one of her users. */
async function changeUser(t: SuiteTestApp, id: string, change: Record<string, unknown>) {
  const headers = auth(await bearerFor(t.app, ANNA));
  const read = await t.app.inject({ method: 'GET', url: `/api/users/${id}`, headers });
  const user = accountUserSchema.parse(read.json());
  const res = await t.app.inject({
    method: 'PUT',
    url: `/api/users/${id}`,
    headers: { ...headers, 'if-match': String(read.headers.etag) },
    payload: { ...inputOf(user), ...change },
  });
  expect(res.statusCode).toBe(200);
}

/** Resolves with how long after `since` the stream ended (cleanly or not). */
const endedWithin = async (stream: SseStream, since: number): Promise<number> => {
  await stream.ended;
  return performance.now() - since;
};

describe.each(routeDatabaseKinds())('stream revocation and withdrawn news over %s', (kind) => {
  const { t, streamUrl } = listeningAppPerSuite(kind);

  it('a ticket taken before "sign out everywhere" opens no stream (401)', async () => {
    const { token } = await activeUser(t, 'u-northwind-012');
    const ticket = await ticketFor(t.app, token);
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/users/me/sign-out-everywhere',
      headers: auth(token),
    });
    expect(out.statusCode).toBe(204);
    const stream = await openSse(streamUrl(ticket), {});
    stream.close();
    expect(stream.status).toBe(401);
  });

  it('a ticket taken before the user was deactivated by an administrator opens no stream (401)', async () => {
    const { token } = await activeUser(t, 'u-northwind-013');
    const ticket = await ticketFor(t.app, token);
    await changeUser(t, 'u-northwind-013', { active: false });
    const res = await t.app.inject({ method: 'GET', url: `/api/notifications/stream?t=${ticket}` });
    expect(res.statusCode).toBe(401);
    expect(problemSchema.parse(res.json()).detail).toContain('ticket');
  });

  it('ends open streams within 1 s on sign-out everywhere and on a change of role, delivering nothing after', async () => {
    const first = await activeUser(t, 'u-northwind-014');
    const open = await openSse(streamUrl(await ticketFor(t.app, first.token)), {});
    expect(open.status).toBe(200);
    let since = performance.now();
    await t.app.inject({
      method: 'POST',
      url: '/api/users/me/sign-out-everywhere',
      headers: auth(first.token),
    });
    expect(await endedWithin(open, since)).toBeLessThan(1000);

    const second = await activeUser(t, 'u-northwind-015');
    const again = await openSse(streamUrl(await ticketFor(t.app, second.token)), {});
    expect(again.status).toBe(200);
    since = performance.now();
    await changeUser(t, 'u-northwind-015', { role: 'read-only' });
    expect(await endedWithin(again, since)).toBeLessThan(1000);
    await addNotification(t.db, 'u-northwind-015', 'After the role change');
    expect(again.events).toEqual([]);
    expect(t.app.notificationStreams.size()).toBe(0);
  });

  /** A news item Erik publishes, and Anna's notification about it (as the delivery job writes it). */
  const publishedNews = async (title: string) => {
    const erik = auth(await bearerFor(t.app, ERIK));
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/news',
      headers: erik,
      payload: {
        title,
        subtitle: 'Sub',
        location: 'Oslo',
        publicationDate: Date.now() - 60_000,
        introduction: 'An introduction.',
        content: '<p>Body</p>',
        headerImage: null,
        sales: false,
        productIds: [],
        action: 'publish',
      },
    });
    expect(created.statusCode).toBe(201);
    const item = newsEditorialItemSchema.parse(created.json());
    const remove = () =>
      t.app.inject({ method: 'DELETE', url: `/api/news/${item.id}`, headers: erik });
    return { item, remove };
  };

  it('pushes the removal of a deleted news item to open streams, with the new unread count (issue 37)', async () => {
    const { item, remove } = await publishedNews('Soon withdrawn');
    const anna = await bearerFor(t.app, ANNA);
    const live = await openSse(streamUrl(await ticketFor(t.app, anna)), {});
    try {
      const about = await addNotification(t.db, 'u-anna', 'Soon withdrawn', `news:${item.id}`);
      await live.next(titled('Soon withdrawn'));
      expect((await remove()).statusCode).toBe(204);
      const event = await live.next((e) => e.event === 'removed', 1000);
      const data = notificationRemovedEventSchema.parse(JSON.parse(event.data));
      expect(data.ids).toEqual([about]);
      const list = await t.app.inject({
        method: 'GET',
        url: '/api/notifications',
        headers: auth(anna),
      });
      expect(data.unreadCount).toBe(list.json<{ unreadCount: number }>().unreadCount);
    } finally {
      live.close();
    }
  });

  it("never replays a deleted news item's notification in a stream's catch-up (issue 37)", async () => {
    const { item, remove } = await publishedNews('Deleted before the replay');
    const before = await addNotification(t.db, 'u-anna', 'Before');
    await addNotification(t.db, 'u-anna', 'Deleted before the replay', `news:${item.id}`);
    const after = await addNotification(t.db, 'u-anna', 'After');
    expect((await remove()).statusCode).toBe(204);
    const anna = await bearerFor(t.app, ANNA);
    const resumed = await openSse(streamUrl(await ticketFor(t.app, anna), before), {});
    try {
      await resumed.next(titled('After'));
      expect(resumed.events.map((e) => e.id)).toEqual([after]);
    } finally {
      resumed.close();
    }
  });
});

describe.each(routeDatabaseKinds())('stream caps and fan-out over %s', (kind) => {
  const { t, streamUrl } = listeningAppPerSuite(kind, {
    LIVE_STREAMS_PER_USER: '3',
    LIVE_STREAMS_PER_NODE: '5',
  });

  it('refuses a user more streams than allowed with 429, Retry-After and a message; a closed one frees its place', async () => {
    const { token } = await activeUser(t, 'u-northwind-020');
    const spare = await ticketFor(t.app, token);
    const open: SseStream[] = [];
    try {
      for (let i = 0; i < 3; i++)
        open.push(await openSse(streamUrl(await ticketFor(t.app, token)), {}));
      expect(open.map((s) => s.status)).toEqual([200, 200, 200]);
      const refused = await getTicket(t.app, token);
      expect(refused.statusCode).toBe(429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect(problemSchema.parse(refused.json()).detail).toContain('streams');
      // A ticket taken before the cap was reached does not pass it either.
      const late = await t.app.inject({
        method: 'GET',
        url: `/api/notifications/stream?t=${spare}`,
      });
      expect(late.statusCode).toBe(429);
      expect(late.headers['retry-after']).toBeDefined();

      open.shift()!.close();
      await vi.waitFor(async () => expect((await getTicket(t.app, token)).statusCode).toBe(200));
    } finally {
      for (const s of open) s.close();
    }
  });

  it('refuses streams beyond the node cap with 429; one notification per user costs one query for all their streams', async () => {
    const users = ['u-northwind-021', 'u-northwind-022'];
    const tokens = await Promise.all(users.map(async (id) => (await activeUser(t, id)).token));
    await vi.waitFor(() => expect(t.app.notificationStreams.size()).toBe(0));
    const open: SseStream[] = [];
    try {
      for (const token of [tokens[0]!, tokens[0]!, tokens[0]!, tokens[1]!, tokens[1]!])
        open.push(await openSse(streamUrl(await ticketFor(t.app, token)), {}));
      expect(open.map((s) => s.status)).toEqual([200, 200, 200, 200, 200]);
      const sixth = await t.app.inject({
        method: 'GET',
        url: `/api/notifications/stream?t=${await ticketFor(t.app, tokens[1]!)}`,
      });
      expect(sixth.statusCode).toBe(429);
      expect(sixth.headers['retry-after']).toBeDefined();

      await new Promise((resolve) => setTimeout(resolve, 100)); // the opens' own catch-ups
      const query = vi.spyOn(t.db, 'query');
      try {
        await t.db.transaction(async (tx) => {
          for (const id of users) await addNotification(tx, id, 'Fan-out');
        });
        for (const s of open) await s.next(titled('Fan-out'), 2000);
        const reads = query.mock.calls.filter(([sql]) => /user_notifications/.test(sql));
        expect(reads).toHaveLength(1);
      } finally {
        query.mockRestore();
      }
    } finally {
      for (const s of open) s.close();
    }
  });
});

const databaseUrl = process.env.DATABASE_URL;
describe.runIf(databaseUrl)('stream revocation on two nodes over one PostgreSQL', () => {
  const instances = twoInstances();

  it('"sign out everywhere" through node A ends a stream open on node B within 1 s', async () => {
    const { a, b } = instances;
    const baseB = await b.listen({ host: '127.0.0.1', port: 0 });
    await a.db.query(`update users set status = 'Active' where id = 'u-northwind-016'`);
    const email = (
      await a.db.query<{ email: string }>(`select email from users where id = 'u-northwind-016'`)
    ).rows[0]!.email;
    const token = await bearerFor(a, email);
    const onB = await openSse(streamAt(baseB, await ticketFor(a, token)), {});
    expect(onB.status).toBe(200);
    const since = performance.now();
    await a.inject({
      method: 'POST',
      url: '/api/users/me/sign-out-everywhere',
      headers: auth(token),
    });
    expect(await endedWithin(onB, since)).toBeLessThan(1000);
    expect(b.notificationStreams.size()).toBe(0);
  });
});
