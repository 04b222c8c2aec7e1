/** Thrown by HashQueue.run when every slot is busy and the waiting line is full. */
export class HashQueueFullError extends Error {
  constructor() {
    super('too many password checks at once');
    this.name = 'HashQueueFullError';
  }
}

export interface HashQueueOptions {
  /** How many password hashes run at once in this process. */
  concurrency: number;
  /** How many more may wait for a slot; beyond that, run() refuses at once. */
  maxWaiting: number;
}

/**
 * Bounds the password hashes of one API process (ADR 0014). scrypt runs on libuv's thread
 * pool, which token checks (WebCrypto) and file reads share: unbounded, a burst of sign-in
 * attempts fills every thread and every core, and signed-in API calls wait behind it. This
 * is admission control for local CPU and memory, not state: nothing in it needs to survive a
 * restart or be shared between instances (each instance protects its own threads).
 */
export class HashQueue {
  private running = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(private readonly options: HashQueueOptions) {}

  private admitted = 0;

  /**
   * Admits one sign-in attempt, synchronously, before it does any other work (database
   * look-ups, the rate-limit reservation): at most `concurrency + maxWaiting` attempts are
   * in progress per instance, so a flood that arrives all at once is turned away at the door
   * instead of queueing hundreds of database round trips ahead of everybody else. False: busy.
   * Every admitted attempt must call leave() once.
   */
  admit(): boolean {
    if (this.admitted >= this.options.concurrency + this.options.maxWaiting) return false;
    this.admitted += 1;
    return true;
  }

  leave(): void {
    this.admitted = Math.max(0, this.admitted - 1);
  }

  /** Runs `task` when a slot is free; throws HashQueueFullError when the line is full. */
  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.running >= this.options.concurrency) {
      if (this.waiting.length >= this.options.maxWaiting) throw new HashQueueFullError();
      // The slot is handed over by release(), so `running` stays counted for us.
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    } else {
      this.running += 1;
    }
    try {
      return await task();
    } finally {
      this.release();
    }
  }

  private release(): void {
    const next = this.waiting.shift();
    if (next) next();
    else this.running -= 1;
  }
}
