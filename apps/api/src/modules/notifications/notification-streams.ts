import { PassThrough } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { rootPlugin } from '../../lib/root-plugin.js';
import { tokenStateOf, type IssuedAt } from '../user-management/index.js';
import {
  countLiveLeases,
  insertLease,
  lockStreamUser,
  newestNotificationId,
  readStreamAccess,
  redeemStreamTicket,
  releaseLeases,
  renewLeases,
} from './notification-streams.repository.js';
import { LiveStream, StreamFanout } from './stream-fanout.js';

/** Comment lines this often keep proxies and the browser from dropping a quiet stream. */
export const HEARTBEAT_MS = 20_000;
/**
 * A stream ends after this long and the client opens the next one with its current token: a
 * stream never outlives a signed-in session for long, and nothing is missed (Last-Event-ID).
 */
export const MAX_STREAM_MS = 10 * 60_000;
/** A stream's lease lapses this long after its node last renewed it (each heartbeat). */
export const LEASE_TTL_S = 60;
/** Retry-After of a refused stream: the user's own streams, or this node, are at their cap. */
export const USER_BUSY_RETRY_S = 60;
export const NODE_BUSY_RETRY_S = 30;

export type StreamOpening =
  | { kind: 'open'; out: PassThrough }
  /** The ticket is unknown, spent or expired, or its token would no longer be honoured. */
  | { kind: 'refused' }
  | { kind: 'busy'; scope: 'user' | 'node'; retryAfterS: number }
  /** The node is stopping or cannot listen (503; the client tries again, elsewhere). */
  | { kind: 'unavailable' };

export interface NotificationStreams {
  /** Redeems a stream ticket (by its hash) and opens its stream, resuming after `lastEventId`. */
  open(ticketHash: string, lastEventId: string | undefined): Promise<StreamOpening>;
  /** Whether the user already holds as many streams as allowed (on all nodes together). */
  userAtCap(userId: string): Promise<boolean>;
  /** Ends every open stream and opens no more: the node is stopping (ADR 0016). */
  endAll(): void;
  /** How many are open or opening on this node (tests, logs). */
  size(): number;
}

declare module 'fastify' {
  interface FastifyInstance {
    notificationStreams: NotificationStreams;
  }
}

type Admission =
  | { kind: 'admitted'; leaseId: string; access: string; newestId: string | undefined }
  | { kind: 'refused' }
  | { kind: 'busy' };

/**
 * Live notifications (issue 24, ADR 0054 and its addendum): the open Server-Sent-Event streams
 * of this node, fed by the database's change notifications, so a notification written through
 * any node or job reaches the stream wherever it is open. A ticket opens a stream only while
 * its token would be honoured on /api (ADR 0027); a change of the user's token state or access,
 * heard from the database, ends the user's streams on every node. Each stream holds a lease
 * row, so the per-user cap holds across nodes. In memory: the open sockets, nothing else.
 */
export const notificationStreamsPlugin = rootPlugin(
  'portico-notification-streams',
  (app: FastifyInstance) => {
    const perUser = app.env.LIVE_STREAMS_PER_USER;
    const perNode = app.env.LIVE_STREAMS_PER_NODE;
    const byUser = new Map<string, Set<LiveStream>>();
    let opening = 0;
    let stopping = false;
    // A function: the answer may change while a query is awaited.
    const isStopping = (): boolean => stopping;
    let subscribed: Promise<unknown> | undefined;
    let heartbeat: NodeJS.Timeout | undefined;

    const all = (): LiveStream[] => [...byUser.values()].flatMap((set) => [...set]);
    const admittedOf = (userId: string): LiveStream[] =>
      [...(byUser.get(userId) ?? [])].filter((s) => s.admitted && s.open);
    const fanout = new StreamFanout(app.db, app.log, {
      streamsOf: admittedOf,
      users: () => [...byUser.keys()],
    });
    const endUser = (userId: string): void => {
      for (const stream of byUser.get(userId) ?? []) stream.end();
    };

    // Leases of closed streams go in one statement per batch of closes.
    const toRelease = new Set<string>();
    let releasing = false;
    const release = (leaseId: string): void => {
      toRelease.add(leaseId);
      if (releasing) return;
      releasing = true;
      setImmediate(() => {
        const ids = [...toRelease];
        toRelease.clear();
        releasing = false;
        releaseLeases(app.db, ids).catch((error: unknown) => {
          // They lapse on their own within LEASE_TTL_S.
          app.log.warn({ err: error }, 'notification streams: could not release leases');
        });
      });
    };

    const onNotify = (payload: string): void => {
      const [schema, what, subject] = payload.split(' ');
      if (schema !== app.db.schema || !subject) return;
      if (what === 'notification') fanout.catchUp(subject);
      else if (what === 'notification-read') fanout.unread(subject);
      else if (what === 'notification-withdrawn')
        fanout.withdraw(subject === '*' ? '*' : subject.split(','));
      // The user's token state or access changed (signed out everywhere, deactivated, deleted,
      // another role or account): end the streams; the next one is checked again, or refused.
      else if (what === 'user') endUser(subject);
    };
    /** After a lost listener: end the streams whose user changed meanwhile; the rest catch up. */
    const recheckAll = async (): Promise<void> => {
      const users = [...byUser.keys()];
      if (users.length === 0) return;
      const access = await readStreamAccess(app.db, users);
      for (const stream of all()) {
        if (stream.admitted && access.get(stream.userId) !== stream.access) stream.end();
      }
      fanout.catchUpAll();
    };
    let wasLost = false;
    const onConnected = (connected: boolean): void => {
      if (connected && wasLost) {
        recheckAll().catch((error: unknown) => {
          app.log.warn({ err: error }, 'notification streams: could not check streams again');
          for (const stream of all()) stream.end(); // unsure: their clients connect again
        });
      }
      wasLost = !connected;
    };

    /** The token rule of a bearer call (ADR 0027) and the per-user cap, in one transaction. */
    const admit = (userId: string, issued: IssuedAt, resume: boolean): Promise<Admission> =>
      app.db.transaction(async (tx): Promise<Admission> => {
        const user = await lockStreamUser(tx, userId);
        if (!user || tokenStateOf(user, issued) !== 'valid') return { kind: 'refused' };
        if ((await countLiveLeases(tx, userId)) >= perUser) return { kind: 'busy' };
        const leaseId = await insertLease(tx, userId, LEASE_TTL_S);
        const newestId = resume ? undefined : await newestNotificationId(tx, userId);
        return { kind: 'admitted', leaseId, access: user.access, newestId };
      });

    const track = (stream: LiveStream): (() => void) => {
      const set = byUser.get(stream.userId) ?? new Set<LiveStream>();
      byUser.set(stream.userId, set);
      set.add(stream);
      const maxAge = setTimeout(() => stream.end(), MAX_STREAM_MS);
      maxAge.unref();
      const untrack = (): void => {
        clearTimeout(maxAge);
        set.delete(stream);
        if (set.size === 0 && byUser.get(stream.userId) === set) byUser.delete(stream.userId);
        if (stream.leaseId !== undefined) release(stream.leaseId);
      };
      stream.out.once('close', untrack);
      return untrack;
    };

    const streams: NotificationStreams = {
      async open(ticketHash, lastEventId) {
        if (stopping) return { kind: 'unavailable' };
        if (streams.size() >= perNode)
          return { kind: 'busy', scope: 'node', retryAfterS: NODE_BUSY_RETRY_S };
        opening += 1;
        let counted = true;
        try {
          // Listening before any read: whatever commits after a read is heard.
          subscribed ??= app.changes.subscribe({ onNotify, onConnected });
          try {
            await subscribed;
          } catch (error) {
            // The database cannot listen now: no stream (the client polls); the next one tries again.
            subscribed = undefined;
            app.log.error({ err: error }, 'notification streams: cannot listen for changes');
            return { kind: 'unavailable' };
          }
          const ticket = await redeemStreamTicket(app.db, ticketHash);
          if (!ticket) return { kind: 'refused' };
          // Tracked before the user is read: a revocation committed after that read ends it.
          const stream = new LiveStream(ticket.userId, new PassThrough(), lastEventId ?? '0');
          opening -= 1; // counted as tracked from here on
          counted = false;
          const untrack = track(stream);
          let admission: Admission;
          try {
            admission = await admit(ticket.userId, ticket.issued, lastEventId !== undefined);
          } catch (error) {
            stream.out.destroy();
            throw error;
          }
          if (admission.kind === 'admitted') stream.leaseId = admission.leaseId;
          if (admission.kind !== 'admitted' || !stream.open || isStopping()) {
            stream.out.destroy();
            untrack();
            if (isStopping()) return { kind: 'unavailable' };
            return admission.kind === 'busy'
              ? { kind: 'busy', scope: 'user', retryAfterS: USER_BUSY_RETRY_S }
              : { kind: 'refused' };
          }
          stream.access = admission.access;
          stream.lastId = admission.newestId ?? stream.lastId;
          stream.admitted = true;
          heartbeat ??= setInterval(() => {
            const open = all().filter((s) => s.admitted);
            for (const s of open) s.write(': heartbeat\n\n');
            const leases = open.flatMap((s) => (s.leaseId === undefined ? [] : [s.leaseId]));
            if (leases.length === 0) return;
            renewLeases(app.db, leases, LEASE_TTL_S).catch((error: unknown) => {
              app.log.warn({ err: error }, 'notification streams: could not renew leases');
            });
          }, HEARTBEAT_MS);
          heartbeat.unref();
          // The client's back-off applies when a stream ends; the first bytes flush the headers.
          stream.write(': connected\nretry: 1000\n\n');
          // Rows committed while this stream was being admitted were not sent to it: catch up.
          fanout.catchUp(stream.userId);
          return { kind: 'open', out: stream.out };
        } finally {
          if (counted) opening -= 1;
        }
      },
      async userAtCap(userId) {
        return (await countLiveLeases(app.db, userId)) >= perUser;
      },
      endAll() {
        stopping = true;
        clearInterval(heartbeat);
        for (const stream of all()) stream.end();
      },
      size: () => opening + [...byUser.values()].reduce((n, set) => n + set.size, 0),
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
