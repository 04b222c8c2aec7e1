import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import { ARGON2ID, scryptMaxmem, type Derive, type HashJob } from '../../lib/password.js';

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

// The worker: plain JavaScript evaluated from this string, so it needs no file of its own in
// the bundle. It lowers its own thread's priority (Linux: nice is per thread), then derives
// keys synchronously on that thread, one at a time: Argon2id with @node-rs/argon2 (loaded
// from the path the main thread resolved, since an evaluated worker resolves from the working
// directory) or scrypt for hashes stored before it (ADR 0042).
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const { scryptSync } = require('node:crypto');
const { hashRawSync } = require(workerData.argon2);
try { require('node:os').setPriority(19); } catch { /* not allowed here: normal priority */ }
parentPort.on('message', (job) => {
  try {
    const salt = Buffer.from(job.salt);
    const key = job.kind === 'scrypt'
      ? scryptSync(job.password, salt, job.keylen, { N: job.N, r: job.r, p: job.p, maxmem: job.maxmem })
      : hashRawSync(job.password, {
          algorithm: workerData.algorithm, memoryCost: job.m, timeCost: job.t,
          parallelism: job.p, outputLen: job.keylen, salt,
        });
    parentPort.postMessage({ key });
  } catch (error) {
    parentPort.postMessage({ error: String(error) });
  }
});
`;

const workerData = {
  argon2: createRequire(import.meta.url).resolve('@node-rs/argon2'),
  algorithm: ARGON2ID,
};

interface WorkerReply {
  key?: Uint8Array;
  error?: string;
}

/** One hash worker thread; one job at a time (the queue never gives it two). */
class HashWorker {
  private readonly worker = new Worker(WORKER_SOURCE, { eval: true, workerData });
  private current: { resolve: (key: Buffer) => void; reject: (error: Error) => void } | undefined;
  broken = false;

  constructor() {
    this.worker.unref(); // never keeps the process alive on its own
    this.worker.on('message', (reply: WorkerReply) => {
      const job = this.current;
      this.current = undefined;
      if (!job) return;
      if (reply.key) job.resolve(Buffer.from(reply.key));
      else job.reject(new Error(reply.error ?? 'hash worker failed'));
    });
    const fail = (error: Error) => {
      this.broken = true;
      this.current?.reject(error);
      this.current = undefined;
    };
    this.worker.on('error', fail);
    this.worker.on('exit', () => fail(new Error('hash worker stopped')));
  }

  readonly derive: Derive = (job: HashJob) =>
    new Promise<Buffer>((resolve, reject) => {
      this.current = { resolve, reject };
      const maxmem = job.kind === 'scrypt' ? scryptMaxmem(job) : undefined;
      this.worker.postMessage({ ...job, salt: new Uint8Array(job.salt), maxmem });
    });

  async stop(): Promise<void> {
    this.broken = true;
    await this.worker.terminate();
  }
}

/**
 * Bounds the password hashes of one API process (ADR 0014). Unbounded, a burst of sign-in
 * attempts ran one hash per attempt on libuv's thread pool, which token checks (WebCrypto)
 * share, and took every core: signed-in API calls waited behind it. Here at most
 * `concurrency` hashes run, each on a worker thread of the lowest CPU priority (so the API's
 * own thread comes first on a busy machine), a short line waits, and the rest are refused.
 * This is admission control for local CPU and memory, not state: nothing in it needs to
 * survive a restart or be shared between instances (each instance protects its own threads).
 */
export class HashQueue {
  private running = 0;
  private admitted = 0;
  private readonly waiting: (() => void)[] = [];
  private readonly idle: HashWorker[] = [];
  private readonly all = new Set<HashWorker>();

  constructor(private readonly options: HashQueueOptions) {}

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
   * Runs `task` with a hash slot: `derive` computes the hash on this slot's worker thread.
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
    const worker = this.takeWorker();
    try {
      return await task(worker.derive);
    } finally {
      if (!worker.broken) this.idle.push(worker);
      else this.all.delete(worker);
      this.release();
    }
  }

  /** Stops the worker threads (the app is closing). */
  async close(): Promise<void> {
    const workers = [...this.all];
    this.all.clear();
    this.idle.length = 0;
    await Promise.all(workers.map((w) => w.stop()));
  }

  private takeWorker(): HashWorker {
    const worker = this.idle.pop() ?? new HashWorker();
    this.all.add(worker);
    return worker;
  }

  private release(): void {
    const next = this.waiting.shift();
    if (next) next();
    else this.running -= 1;
  }
}
