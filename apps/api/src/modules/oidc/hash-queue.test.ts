import { existsSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { deriveInProcess, type HashJob } from '../../lib/password.js';
import { HASH_WORKER_FILE, HashQueue, HashQueueFullError } from './hash-queue.js';

const salt = new Uint8Array(16).fill(3);
const argon: HashJob = { kind: 'argon2id', m: 19456, t: 2, p: 1, password: 'pw', salt, keylen: 32 };
const scrypt: HashJob = { kind: 'scrypt', N: 16384, r: 8, p: 1, password: 'pw', salt, keylen: 32 };

describe('HashQueue on a piscina pool (ADR 0014, ADR 0064)', () => {
  const queue = new HashQueue({ concurrency: 1, maxWaiting: 1 });
  afterAll(() => queue.close());

  it('loads its worker from a file beside it', () => {
    expect(HASH_WORKER_FILE).toMatch(/hash-worker\.ts$/);
    expect(existsSync(HASH_WORKER_FILE)).toBe(true);
  });

  it.each([argon, scrypt])(
    'derives on the worker what the main thread derives (%o)',
    async (job) => {
      const onWorker = await queue.run((derive) => derive(job));
      expect(onWorker).toBeInstanceOf(Buffer);
      expect(onWorker.equals(await deriveInProcess(job))).toBe(true);
    },
  );

  it('rejects a job the worker cannot do, and keeps working', async () => {
    const bad: HashJob = { ...argon, keylen: 1 }; // Argon2 needs at least 4 bytes
    await expect(queue.run((derive) => derive(bad))).rejects.toThrow();
    expect((await queue.run((derive) => derive(argon))).length).toBe(32);
  });

  it('runs one task per slot, lets one wait, and refuses the next at once', async () => {
    let release = (): void => undefined;
    const holding = queue.run(() => new Promise<void>((resolve) => (release = resolve)));
    const waiting = queue.run(() => Promise.resolve('second'));
    expect(queue.line).toEqual({ running: 1, waiting: 1 });
    await expect(queue.run(() => Promise.resolve('third'))).rejects.toBeInstanceOf(
      HashQueueFullError,
    );
    release();
    await holding;
    expect(await waiting).toBe('second');
    expect(queue.line).toEqual({ running: 0, waiting: 0 });
  });
});
