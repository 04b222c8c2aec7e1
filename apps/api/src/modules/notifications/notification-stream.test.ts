import {
  problemSchema,
  notificationEventSchema,
  notificationStreamTicketSchema,
} from '@portico/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { trackConnections, type ConnectionDrain } from '../../lib/connection-drain.js';
import { stopServing } from '../../lib/stop-serving.js';
import { openSse, type SseEvent, type SseStream } from '../../../test/sse-client.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { routeDatabaseKinds } from '../../../test/test-db.js';
import { bearerFor } from '../../../test/tokens.js';
import { twoInstances } from '../../../test/two-instances.js';
import type { Queryable } from '../../db/db.js';
import { ANNA } from '../../../test/demo-emails.js';

// Issue 24, "Live, across nodes" (ADR 0054): GET /api/notifications/stream pushes the caller's
// new notifications as Server-Sent Events, fed by the database's change notifications.

let sources = 0;
/** A notification as the delivery job writes one; its id. */
async function addNotification(db: Queryable, userId: string, title: string): Promise<string> {
  sources += 1;
  const { rows } = await db.query<{ id: string }>(
    `insert into user_notifications (user_id, source, icon, title, content, path, link)
     values ($1, $2, 'news', $3, 'Content', '/news', 'Read the article') returning id::text as id`,
    [userId, `live-test:${Date.now()}:${sources}`, title],
  );
  return rows[0]!.id;
}

const titled = (title: string) => (e: SseEvent) =>
  e.event === 'notification' &&
  notificationEventSchema.parse(JSON.parse(e.data)).notification.title === title;

async function listen(app: FastifyInstance): Promise<string> {
  return app.listen({ host: '127.0.0.1', port: 0 });
}

/** A stream ticket for the bearer, from whichever node `via` is. */
async function ticketFrom(via: FastifyInstance, token: string): Promise<string> {
  const response = await via.inject({
    method: 'GET',
    url: '/api/notifications/stream-ticket',
    headers: { authorization: `Bearer ${token}` },
  });
  expect(response.statusCode).toBe(200);
  return notificationStreamTicketSchema.parse(response.json()).ticket;
}

/** What the web does: a ticket for the bearer, then the stream (resumed by Last-Event-ID). */
async function stream(
  via: FastifyInstance,
  base: string,
  token: string,
  lastEventId?: string,
): Promise<SseStream> {
  const ticket = await ticketFrom(via, token);
  return openSse(
    `${base}/api/notifications/stream?t=${ticket}`,
    lastEventId ? { 'last-event-id': lastEventId } : {},
  );
}

describe.each(routeDatabaseKinds())('the notification stream over %s', (kind) => {
  let t: TestApp;
  let base: string;
  beforeAll(async () => {
    t = await createTestApp(kind);
    base = await listen(t.app);
  });
  afterAll(async () => {
    await t.close();
  });

  it('gives tickets for a bearer only; a ticket opens one stream once; bad input is a 400', async () => {
    const noBearer = await t.app.inject({ method: 'GET', url: '/api/notifications/stream-ticket' });
    expect(noBearer.statusCode).toBe(401);
    const get = (url: string, headers: Record<string, string> = {}) =>
      t.app.inject({ method: 'GET', url, headers });
    expect((await get('/api/notifications/stream')).statusCode).toBe(400);
    const unknown = await get(`/api/notifications/stream?t=${'A'.repeat(43)}`);
    expect(unknown.statusCode).toBe(401);
    expect(problemSchema.parse(unknown.json()).detail).toContain('ticket');

    const token = await bearerFor(t.app, ANNA);
    const badId = await get(`/api/notifications/stream?t=${await ticketFrom(t.app, token)}`, {
      'last-event-id': 'x',
    });
    expect(badId.statusCode).toBe(400);
    expect(problemSchema.parse(badId.json()).detail).toContain('Last-Event-ID');

    const ticket = await ticketFrom(t.app, token);
    const first = await openSse(`${base}/api/notifications/stream?t=${ticket}`, {});
    first.close();
    expect(first.status).toBe(200);
    expect((await get(`/api/notifications/stream?t=${ticket}`)).statusCode).toBe(401);
  });

  it("replays the caller's own notifications after Last-Event-ID, then pushes new ones and unread counts", async () => {
    const before = await addNotification(t.db, 'u-anna', 'Before');
    await addNotification(t.db, 'u-nina', 'For Nina');
    const missed = await addNotification(t.db, 'u-anna', 'Missed');
    const anna = await stream(t.app, base, await bearerFor(t.app, ANNA), before);
    try {
      expect(anna.status).toBe(200);
      expect(anna.contentType).toContain('text/event-stream');
      const replayed = await anna.next(titled('Missed'));
      expect(replayed.id).toBe(missed);
      const live = await addNotification(t.db, 'u-anna', 'Live');
      expect((await anna.next(titled('Live'))).id).toBe(live);
      // Only Anna's, each once, in order.
      expect(anna.events.map((e) => e.id)).toEqual([missed, live]);

      await t.db.query(`update user_notifications set read_at = now() where user_id = 'u-anna'`);
      const unread = await anna.next((e) => e.event === 'unread');
      expect(JSON.parse(unread.data)).toEqual({ unreadCount: 0 });
    } finally {
      anna.close();
    }
  });
});

const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) console.warn('the two-node stream tests need PostgreSQL: set DATABASE_URL');

describe.runIf(databaseUrl)('notification streams on two nodes over one PostgreSQL', () => {
  const instances = twoInstances();
  let a: FastifyInstance;
  let b: FastifyInstance;
  let baseA: string;
  let baseB: string;
  let drainB: ConnectionDrain;
  let token: string;
  beforeAll(async () => {
    ({ a, b } = instances);
    drainB = trackConnections(b.server);
    [baseA, baseB] = await Promise.all([listen(a), listen(b)]);
    token = await bearerFor(a, ANNA);
  });

  it('a notification written through node A reaches a stream on node B within 1 s', async () => {
    // The ticket comes from A, the stream from B: nothing of either is in a node's memory.
    const onB = await stream(a, baseB, token);
    try {
      expect(onB.status).toBe(200);
      for (const round of [1, 2, 3]) {
        const title = `Across ${round}`;
        const sentAt = performance.now();
        await addNotification(a.db, 'u-anna', title);
        const received = await onB.next(titled(title), 2000);
        expect(received.at - sentAt).toBeLessThan(1000);
      }
    } finally {
      onB.close();
    }
  });

  it('ends its streams promptly when B drains; the client resumes on A and misses nothing', async () => {
    const onB = await stream(b, baseB, token);
    const first = await addNotification(a.db, 'u-anna', 'Before the drain');
    const seen = await onB.next(titled('Before the drain'));
    expect(seen.id).toBe(first);

    const startedAt = performance.now();
    const stopped = stopServing(b, drainB);
    // A clean end of the stream (not a reset), well before the 20 s drain timeout.
    expect(await onB.ended).toBe('ended');
    await stopped;
    expect(performance.now() - startedAt).toBeLessThan(3000);
    expect(b.notificationStreams.size()).toBe(0);

    // Written while the client had no stream: replayed on A after the last id it saw.
    const whileAway = await addNotification(a.db, 'u-anna', 'While away');
    const onA = await stream(a, baseA, token, seen.id);
    try {
      expect((await onA.next(titled('While away'))).id).toBe(whileAway);
      expect(onA.events.map((e) => e.id)).toEqual([whileAway]);
    } finally {
      onA.close();
    }
    // B takes no new connection.
    await expect(fetch(`${baseB}/health/live`)).rejects.toThrow();
  });
});
