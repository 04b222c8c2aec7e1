// The hash worker's task (ADR 0014, ADR 0064): one key derivation, synchronously, on a
// piscina worker thread of the lowest CPU priority. Argon2id with @node-rs/argon2, or scrypt
// for hashes stored before it (ADR 0042).
//
// This file is loaded by a worker thread on its own: from src/ as TypeScript (Node strips the
// types; under tsx the loader is inherited too) and from dist/hash-worker.js in the build. So
// it imports only Node and npm modules, and types.
import { scryptSync } from 'node:crypto';
import { workerData } from 'node:worker_threads';
import { hashRawSync, type Algorithm } from '@node-rs/argon2';
import type { HashJob } from '../../lib/password.js';

/** What the queue posts: the job, and scrypt's memory bound computed by the main thread. */
export type HashTask = HashJob & { maxmem?: number };

/** What the pool hands every worker (Piscina's workerData). */
export interface HashWorkerData {
  algorithm: Algorithm.Argon2id;
}

export function deriveKey(task: HashTask): Uint8Array {
  const salt = Buffer.from(task.salt);
  if (task.kind === 'scrypt') {
    return scryptSync(task.password, salt, task.keylen, {
      N: task.N,
      r: task.r,
      p: task.p,
      maxmem: task.maxmem,
    });
  }
  const { algorithm } = workerData as HashWorkerData;
  return hashRawSync(task.password, {
    algorithm,
    memoryCost: task.m,
    timeCost: task.t,
    parallelism: task.p,
    outputLen: task.keylen,
    salt,
  });
}
