import type { PassThrough } from 'node:stream';
import { NOTIFICATION_STREAM_EVENTS, type UserNotification } from '@portico/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Queryable } from '../../db/db.js';
import {
  countUnreadOf,
  findWithdrawn,
  listNotificationsAfter,
} from './notification-streams.repository.js';

/** One open stream: the events of one user, from after `lastId` on. */
export class LiveStream {
  /** Set once the stream passed the token rule and the caps (until then it hears nothing). */
  admitted = false;
  /** The user's access value when admitted: a different one later ends the stream. */
  access = '';
  leaseId: string | undefined;

  constructor(
    readonly userId: string,
    readonly out: PassThrough,
    public lastId: string,
  ) {}

  get open(): boolean {
    return !this.out.writableEnded && !this.out.destroyed;
  }

  write(text: string): void {
    if (this.open) this.out.write(text);
  }

  end(): void {
    if (this.open) this.out.end();
  }
}

export interface StreamRegistry {
  /** The admitted, open streams of one user on this node. */
  streamsOf(userId: string): LiveStream[];
  /** Every user with an admitted stream on this node. */
  users(): string[];
}

const later = (a: string, b: string): boolean => BigInt(a) > BigInt(b);
/**
 * Streams written between two turns of the event loop: a thousand socket writes in one go held
 * other requests for tens of milliseconds (bench:stream); in slices they pass in between.
 */
const WRITES_PER_SLICE = 64;
const eventText = (event: string, data: unknown, id?: string): string =>
  `event: ${event}\n${id === undefined ? '' : `id: ${id}\n`}data: ${JSON.stringify(data)}\n\n`;

/**
 * Fans the database's change notifications out to a node's streams (issue 34): what arrives
 * while a batch runs waits for the next one, and a batch reads with one query per kind for
 * all the users it concerns, however many streams they hold. Batches run one at a time, so a
 * stream never gets an event twice or out of order. Nothing is kept but the pending user ids.
 */
export class StreamFanout {
  private readonly catchUps = new Set<string>();
  private readonly unreads = new Set<string>();
  private readonly withdrawnNews = new Set<string>();
  private running = false;
  private written = 0;

  constructor(
    private readonly db: Queryable,
    private readonly log: FastifyBaseLogger,
    private readonly registry: StreamRegistry,
  ) {}

  /** New notifications of the user: each stream gets those after its last id. */
  catchUp(userId: string): void {
    this.catchUps.add(userId);
    this.schedule();
  }

  /** After a lost listener anything may have been missed: every user reads again. */
  catchUpAll(): void {
    for (const userId of this.registry.users()) {
      this.catchUps.add(userId);
      this.unreads.add(userId);
    }
    this.schedule();
  }

  /** The user's read marks changed. */
  unread(userId: string): void {
    this.unreads.add(userId);
    this.schedule();
  }

  /** News items were deleted ('*': too many to name; every stream re-reads its count). */
  withdraw(newsIds: string[] | '*'): void {
    if (newsIds === '*') for (const userId of this.registry.users()) this.unreads.add(userId);
    else for (const id of newsIds) this.withdrawnNews.add(id);
    this.schedule();
  }

  private schedule(): void {
    if (this.running) return;
    this.running = true;
    // The notifications of one commit arrive together: one batch takes them all.
    setImmediate(() => void this.drain());
  }

  private async drain(): Promise<void> {
    try {
      while (this.catchUps.size + this.unreads.size + this.withdrawnNews.size > 0) {
        const catchUps = this.take(this.catchUps);
        const unreads = this.take(this.unreads);
        const news = this.take(this.withdrawnNews);
        await this.step('read new notifications', () => this.sendNew(catchUps));
        await this.step('read unread counts', () => this.sendUnread(unreads));
        await this.step('read withdrawn notifications', () => this.sendWithdrawn(news));
      }
    } finally {
      this.running = false;
    }
  }

  /** Writes to one stream; every so often lets the event loop serve other work first. */
  private async send(stream: LiveStream, text: string): Promise<void> {
    stream.write(text);
    this.written += 1;
    if (this.written % WRITES_PER_SLICE === 0) await new Promise((done) => setImmediate(done));
  }

  private take(set: Set<string>): string[] {
    const all = [...set];
    set.clear();
    return all;
  }

  private async step(what: string, run: () => Promise<void>): Promise<void> {
    try {
      await run();
    } catch (error) {
      // The next notification or reconnect catches up; the streams themselves stay open.
      this.log.warn({ err: error }, `notification streams: could not ${what}`);
    }
  }

  private async sendNew(userIds: string[]): Promise<void> {
    const cursors = userIds.flatMap((userId) => {
      // The user's streams usually share their last id; the oldest one reads for all.
      let oldest: string | undefined;
      for (const s of this.registry.streamsOf(userId))
        if (oldest === undefined || later(oldest, s.lastId)) oldest = s.lastId;
      return oldest === undefined ? [] : [{ userId, afterId: oldest }];
    });
    if (cursors.length === 0) return;
    const found = await listNotificationsAfter(this.db, cursors);
    for (const [userId, { items, unreadCount }] of found) {
      if (items.length === 0) continue;
      // One text per notification, shared by every stream of the user.
      const events = items.map((notification: UserNotification) => ({
        id: notification.id,
        text: eventText(
          NOTIFICATION_STREAM_EVENTS.notification,
          { notification, unreadCount },
          notification.id,
        ),
      }));
      for (const stream of this.registry.streamsOf(userId)) {
        for (const { id, text } of events) {
          if (!later(id, stream.lastId)) continue;
          stream.lastId = id;
          await this.send(stream, text);
        }
      }
    }
  }

  private async sendUnread(userIds: string[]): Promise<void> {
    const present = userIds.filter((u) => this.registry.streamsOf(u).length > 0);
    if (present.length === 0) return;
    const counts = await countUnreadOf(this.db, present);
    for (const [userId, unreadCount] of counts) {
      const text = eventText(NOTIFICATION_STREAM_EVENTS.unread, { unreadCount });
      for (const stream of this.registry.streamsOf(userId)) await this.send(stream, text);
    }
  }

  private async sendWithdrawn(newsIds: string[]): Promise<void> {
    const users = this.registry.users();
    if (newsIds.length === 0 || users.length === 0) return;
    const withdrawn = await findWithdrawn(this.db, users, newsIds);
    for (const [userId, data] of withdrawn) {
      const text = eventText(NOTIFICATION_STREAM_EVENTS.removed, data);
      for (const stream of this.registry.streamsOf(userId)) await this.send(stream, text);
    }
  }
}
