import { fileURLToPath } from 'node:url';
import { Piscina } from 'piscina';
import { ARGON2ID, scryptMaxmem, type Derive, type HashJob } from '../../lib/password.js';
import type { HashTask, HashWorkerData } from './hash-worker.js';

/** Thrown by HashQueue.run when every slot is busy and the waiting line is full. */
export class HashQueueFullError extends Error {
  constructor() {
    super('too many password checks at once');
    this.name = 'HashQueueFullError';
  }
}

export interface HashQueueOptions {
  /** How many password hashes run at once in this process (one worker thread each). */
  concurrency: number;
  /** How many more may wait for a slot; beyond that, run() refuses at once. */
  maxWaiting: number;
}

/**
 * The worker's file: hash-worker.ts beside this module when it runs from source (tsx, vitest),
 * dist/hash-worker.js beside the bundle's chunks in the build (scripts/build-api.mjs).
 */
export const HASH_WORKER_FILE = fileURLToPath(
  new URL(
    import.meta.url.endsWith('.ts') ? './hash-worker.ts' : './hash-worker.js',
    import.meta.url,
  ),
);

/**
 * Bounds the password hashes of one API process (ADR 0014). Unbounded, a burst of sign-in
 * attempts ran one hash per attempt on libuv's thread pool, which token checks (WebCrypto)
 * share, and took every core: signed-in API calls waited behind it. Here at most
 * `concurrency` hashes run, each on a pooled worker thread (piscina) of the lowest CPU priority (so the API's
 * own thread comes first on a busy machine), a short line waits, and the rest are refused.
 * This is admission control for local CPU and memory, not state: nothing in it needs to
 * survive a restart or be shared between instances (each instance protects its own threads).
 */
export class HashQueue {
  private running = 0;
  private admitted = 0;
  private readonly waiting: (() => void)[] = [];
  private readonly pool: Piscina<HashTask, Uint8Array>;

  constructor(private readonly options: HashQueueOptions) {
    const workerData: HashWorkerData = { algorithm: ARGON2ID };
    // One thread per slot, started on first use and kept (a thread costs a few ms to start,
    // a hash about 22 ms). The slots above bound the work, so the pool's own queue stays
    // empty. Piscina unrefs idle threads (they never keep the process alive) and replaces
    // one that dies. niceIncrement 19: the lowest CPU priority (Linux: nice is per thread).
    this.pool = new Piscina<HashTask, Uint8Array>({
      filename: HASH_WORKER_FILE,
      name: 'deriveKey',
      minThreads: 0,
      maxThreads: options.concurrency,
      idleTimeout: Infinity,
      niceIncrement: 19,
      workerData,
    });
  }

  /** Derives a key on one of the pool's threads (the caller holds a slot). */
  private readonly derive: Derive = async (job: HashJob) => {
    const maxmem = job.kind === 'scrypt' ? scryptMaxmem(job) : undefined;
    const key = await this.pool.run({ ...job, salt: new Uint8Array(job.salt), maxmem });
    return Buffer.from(key.buffer, key.byteOffset, key.byteLength);
  };

  /**
   * Admits one sign-in attempt, synchronously, before it does any other work (database
   * look-ups, the rate-limit reservation): at most `concurrency + maxWaiting` attempts are
   * in progress per instance, so a flood that arrives all at once is turned away at the door
   * instead of queueing hundreds of database round trips ahead of everybody else. False: busy.
   * Every admitted attempt must call leave() once.
   */
  admit(): boolean {
    if (this.full) return false;
    this.admitted += 1;
    return true;
  }

  /** True while admit() would refuse. Reserves nothing, so nothing has to be given back. */
  get full(): boolean {
    return this.admitted >= this.options.concurrency + this.options.maxWaiting;
  }

  /** Password checks running now and attempts waiting for a slot (the /metrics gauges). */
  get line(): { running: number; waiting: number } {
    return { running: this.running, waiting: this.waiting.length };
  }

  leave(): void {
    this.admitted = Math.max(0, this.admitted - 1);
  }

  /**
   * Runs `task` with a hash slot: `derive` computes the hash on a worker thread.
   * Throws HashQueueFullError when every slot is busy and the line is full.
   */
  async run<T>(task: (derive: Derive) => Promise<T>): Promise<T> {
    if (this.running >= this.options.concurrency) {
      if (this.waiting.length >= this.options.maxWaiting) throw new HashQueueFullError();
      // The slot is handed over by release(), so `running` stays counted for us.
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    } else {
      this.running += 1;
    }
    try {
      return await task(this.derive);
    } finally {
      this.release();
    }
  }

  /** Stops the worker threads (the app is closing). */
  async close(): Promise<void> {
    await this.pool.destroy();
  }

  private release(): void {
    const next = this.waiting.shift();
    if (next) next();
    else this.running -= 1;
  }
}
