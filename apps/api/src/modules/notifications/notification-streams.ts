import { PassThrough } from 'node:stream';
import { NOTIFICATION_STREAM_EVENTS } from '@portico/contracts';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Queryable } from '../../db/db.js';
import { rootPlugin } from '../../lib/root-plugin.js';
import {
  countUnread,
  listNotificationsAfter,
  newestNotificationId,
} from './notifications.repository.js';

/** Comment lines this often keep proxies and the browser from dropping a quiet stream. */
export const HEARTBEAT_MS = 20_000;
/**
 * A stream ends after this long and the client opens the next one with its current token: a
 * stream never outlives a signed-in session for long, and nothing is missed (Last-Event-ID).
 */
export const MAX_STREAM_MS = 10 * 60_000;

/** One open stream: the events of one user, from after `lastId` on. */
class LiveStream {
  private chain: Promise<void> = Promise.resolve();
  private catchUpQueued = false;

  constructor(
    readonly userId: string,
    readonly out: PassThrough,
    private lastId: string,
    private readonly db: Queryable,
    private readonly log: FastifyBaseLogger,
  ) {}

  private get open(): boolean {
    return !this.out.writableEnded && !this.out.destroyed;
  }

  write(text: string): void {
    if (this.open) this.out.write(text);
  }

  /** One query at a time per stream, in order: an event is never sent twice or out of order. */
  private enqueue(step: () => Promise<void>): void {
    this.chain = this.chain
      .then(() => (this.open ? step() : undefined))
      .catch((error: unknown) => {
        // The next notification or reconnect catches up; the stream itself stays open.
        this.log.warn({ err: error }, 'notification stream: could not read notifications');
      });
  }

  /** Sends the user's notifications after the last one sent (several calls: one query). */
  catchUp(): void {
    if (this.catchUpQueued) return;
    this.catchUpQueued = true;
    this.enqueue(async () => {
      this.catchUpQueued = false;
      const items = await listNotificationsAfter(this.db, this.userId, this.lastId);
      if (items.length === 0) return;
      const unreadCount = await countUnread(this.db, this.userId);
      for (const notification of items) {
        this.write(
          `event: ${NOTIFICATION_STREAM_EVENTS.notification}\nid: ${notification.id}\n` +
            `data: ${JSON.stringify({ notification, unreadCount })}\n\n`,
        );
        this.lastId = notification.id;
      }
    });
  }

  sendUnreadCount(): void {
    this.enqueue(async () => {
      const unreadCount = await countUnread(this.db, this.userId);
      this.write(
        `event: ${NOTIFICATION_STREAM_EVENTS.unread}\ndata: ${JSON.stringify({ unreadCount })}\n\n`,
      );
    });
  }

  end(): void {
    if (this.open) this.out.end();
  }
}

export interface NotificationStreams {
  /**
   * Opens a stream for the user, resuming after `lastEventId` when given; null when the node
   * is stopping or cannot listen (the caller answers 503; the client tries again, elsewhere).
   */
  open(userId: string, lastEventId: string | undefined): Promise<PassThrough | null>;
  /** Ends every open stream and opens no more: the node is stopping (ADR 0016). */
  endAll(): void;
  /** How many are open (tests, logs). */
  size(): number;
}

declare module 'fastify' {
  interface FastifyInstance {
    notificationStreams: NotificationStreams;
  }
}

/**
 * Live notifications (issue 24, ADR 0054): the open Server-Sent-Event streams of this node,
 * fed by the database's change notifications (migration 022 on the channel of ADR 0043), so a
 * notification written through any node or job reaches the stream wherever it is open. Each
 * event derives from a row of user_notifications: after a lost listener every stream re-reads
 * what it may have missed, and a client resumes with Last-Event-ID. Nothing but the open
 * sockets is kept in memory.
 */
export const notificationStreamsPlugin = rootPlugin(
  'portico-notification-streams',
  (app: FastifyInstance) => {
    const byUser = new Map<string, Set<LiveStream>>();
    let stopping = false;
    // A function: the answer may change while a query is awaited.
    const isStopping = (): boolean => stopping;
    let subscribed: Promise<unknown> | undefined;
    let heartbeat: NodeJS.Timeout | undefined;

    const each = (fn: (stream: LiveStream) => void, userId?: string): void => {
      const sets = userId === undefined ? [...byUser.values()] : [byUser.get(userId)];
      for (const set of sets) for (const stream of set ?? []) fn(stream);
    };
    const onNotify = (payload: string): void => {
      const [schema, what, userId] = payload.split(' ');
      if (schema !== app.db.schema || !userId) return;
      if (what === 'notification') each((s) => s.catchUp(), userId);
      else if (what === 'notification-read') each((s) => s.sendUnreadCount(), userId);
      // The user's token state changed (signed out everywhere, disabled): end the streams; the
      // client's next one passes the bearer check again, or does not.
      else if (what === 'user') each((s) => s.end(), userId);
    };
    let wasLost = false;
    const onConnected = (connected: boolean): void => {
      // Back after a loss: whatever was notified meanwhile was missed. Read it again.
      if (connected && wasLost) each((s) => s.catchUp());
      wasLost = !connected;
    };

    const streams: NotificationStreams = {
      async open(userId, lastEventId) {
        if (stopping) return null;
        // Listening before the first read: a row committed after that read is notified.
        subscribed ??= app.changes.subscribe({ onNotify, onConnected });
        try {
          await subscribed;
        } catch (error) {
          // The database cannot listen now: no stream (the client polls); the next one tries again.
          subscribed = undefined;
          app.log.error({ err: error }, 'notification streams: cannot listen for changes');
          return null;
        }
        heartbeat ??= setInterval(() => each((s) => s.write(': heartbeat\n\n')), HEARTBEAT_MS);
        heartbeat.unref();
        const lastId = lastEventId ?? (await newestNotificationId(app.db, userId));
        if (isStopping()) return null;

        const out = new PassThrough();
        const stream = new LiveStream(userId, out, lastId, app.db, app.log);
        const set = byUser.get(userId) ?? new Set<LiveStream>();
        byUser.set(userId, set);
        set.add(stream);
        const maxAge = setTimeout(() => stream.end(), MAX_STREAM_MS);
        maxAge.unref();
        out.once('close', () => {
          clearTimeout(maxAge);
          set.delete(stream);
          if (set.size === 0 && byUser.get(userId) === set) byUser.delete(userId);
        });
        // The client's back-off applies when a stream ends; the first bytes flush the headers.
        stream.write(': connected\nretry: 1000\n\n');
        if (lastEventId !== undefined) stream.catchUp();
        return out;
      },
      endAll() {
        stopping = true;
        clearInterval(heartbeat);
        each((s) => s.end());
      },
      size: () => [...byUser.values()].reduce((n, set) => n + set.size, 0),
    };
    app.decorate('notificationStreams', streams);
    // Before the server closes: an open stream would hold app.close() until it ends.
    app.addHook('preClose', (done) => {
      streams.endAll();
      done();
    });
    return Promise.resolve();
  },
);
