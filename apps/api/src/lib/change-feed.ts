import type { ChangeListener, Db } from '../db/db.js';

/**
 * One LISTEN per node on a channel, shared by everyone who needs the database's change
 * notifications (ADR 0043: the read caches; ADR 0054: the notification streams). It starts
 * on the first subscription, so a node (or a test app) that needs neither opens no listening
 * connection. A subscriber hears every payload and every change of the connection state;
 * while lost, notifications may be missed, so each subscriber catches up when it is back.
 */
export class ChangeFeed {
  private readonly subscribers = new Set<ChangeListener>();
  private started: Promise<void> | undefined;
  private stop: (() => Promise<void>) | undefined;
  private connected = false;
  private closed = false;

  constructor(
    private readonly db: Db,
    private readonly channel: string,
  ) {}

  /** Whether the node hears the database's notifications right now. */
  isConnected(): boolean {
    return this.connected;
  }

  /**
   * Adds a subscriber (told at once if the node is listening) and starts listening if no one was;
   * resolves once listening has been tried. Rejects when the database cannot listen at all.
   */
  async subscribe(listener: ChangeListener): Promise<() => void> {
    this.subscribers.add(listener);
    // Not yet connected is what a new subscriber assumes; connected it must be told.
    if (this.connected) listener.onConnected(true);
    this.started ??= this.db
      .listen(this.channel, {
        onNotify: (payload) => {
          for (const s of this.subscribers) s.onNotify(payload);
        },
        onConnected: (connected) => {
          this.connected = connected;
          for (const s of this.subscribers) s.onConnected(connected);
        },
      })
      .then(async (stop) => {
        // Closed while LISTEN was being set up: stop at once.
        if (this.closed) await stop();
        else this.stop = stop;
      });
    try {
      await this.started;
    } catch (error) {
      this.subscribers.delete(listener);
      this.started = undefined;
      throw error;
    }
    return () => this.subscribers.delete(listener);
  }

  async close(): Promise<void> {
    this.closed = true;
    await this.started?.catch(() => undefined);
    const stop = this.stop;
    this.stop = undefined;
    await stop?.();
    this.subscribers.clear();
  }
}
