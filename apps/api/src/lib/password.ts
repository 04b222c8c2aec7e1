import { hashRaw, type Algorithm } from '@node-rs/argon2';
import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import { promisify } from 'node:util';

const scryptAsync = promisify(scrypt) as (
  password: string,
  salt: Buffer,
  keylen: number,
  options: { N: number; r: number; p: number; maxmem: number },
) => Promise<Buffer>;

/** Argon2id's parameters as the PHC string names them: memory in KiB, passes, lanes. */
export interface Argon2Params {
  m: number;
  t: number;
  p: number;
}

export interface ScryptParams {
  N: number;
  r: number;
  p: number;
}

export type HashScheme =
  ({ kind: 'argon2id' } & Argon2Params) | ({ kind: 'scrypt' } & ScryptParams);

/** One key derivation, as plain data so that it can be posted to a hash worker (ADR 0014). */
export type HashJob = HashScheme & { password: string; salt: Uint8Array; keylen: number };

/** Derives a key; by default on libuv's thread pool, or on a hash worker (ADR 0014). */
export type Derive = (job: HashJob) => Promise<Buffer>;

/** @node-rs/argon2's Algorithm.Argon2id (a const enum, which isolated modules cannot read). */
// eslint-disable-next-line @typescript-eslint/no-unsafe-enum-assignment -- no runtime enum to take it from
export const ARGON2ID = 2 as Algorithm.Argon2id;

/**
 * The cost of new hashes: Argon2id at OWASP's first minimum (19 MiB, 2 passes, 1 lane). It is
 * OWASP's first choice and, measured on the project machine, about 22 ms a hash against about
 * 190 ms for the cheapest OWASP scrypt setting (ADR 0042). Stored as a PHC string, so hashes
 * made with other parameters, or with scrypt as before, still verify and are re-hashed on the
 * next successful sign-in.
 */
export const PASSWORD_SCHEME: Readonly<HashScheme> = { kind: 'argon2id', m: 19456, t: 2, p: 1 };
const KEYLEN = 32;

// Stored parameters come from our own database, but a damaged or hostile value must not make
// one verification allocate gigabytes or run for minutes.
const MAX_SCRYPT = { N: 2 ** 20, r: 16, p: 16 };
const MAX_ARGON2 = { m: 256 * 1024, t: 16, p: 8 };

/** Memory scrypt needs for these parameters (128·N·r bytes), with headroom. */
export function scryptMaxmem({ N, r }: ScryptParams): number {
  return 128 * N * r + 32 * 1024 * 1024;
}

/** The derivation on the calling process's libuv thread pool (seeds, invitations, tests). */
export const deriveInProcess: Derive = (job) =>
  job.kind === 'scrypt'
    ? scryptAsync(job.password, Buffer.from(job.salt), job.keylen, {
        N: job.N,
        r: job.r,
        p: job.p,
        maxmem: scryptMaxmem(job),
      })
    : hashRaw(job.password, {
        algorithm: ARGON2ID,
        memoryCost: job.m,
        timeCost: job.t,
        parallelism: job.p,
        outputLen: job.keylen,
        salt: job.salt,
      });

const b64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64').replace(/=+$/, '');

export async function hashPassword(
  password: string,
  scheme: HashScheme = PASSWORD_SCHEME,
  derive: Derive = deriveInProcess,
): Promise<string> {
  const salt = randomBytes(16);
  const hash = await derive({ ...scheme, password, salt, keylen: KEYLEN });
  if (scheme.kind === 'scrypt') {
    // The format every hash had before Argon2id: scrypt$N$r$p$salt$hash.
    return [
      'scrypt',
      scheme.N,
      scheme.r,
      scheme.p,
      salt.toString('base64'),
      hash.toString('base64'),
    ].join('$');
  }
  // The PHC string format that Argon2 tools share.
  return `$argon2id$v=19$m=${scheme.m},t=${scheme.t},p=${scheme.p}$${b64(salt)}$${b64(hash)}`;
}

interface ParsedHash {
  scheme: HashScheme;
  salt: Buffer;
  hash: Buffer;
}

const isPowerOfTwo = (n: number) => Number.isInteger(n) && n > 1 && (n & (n - 1)) === 0;
const inRange = (n: number, min: number, max: number) =>
  Number.isInteger(n) && n >= min && n <= max;

function parseScrypt(stored: string): ParsedHash | undefined {
  const [scheme, n, r, p, salt, hash, ...rest] = stored.split('$');
  if (scheme !== 'scrypt' || !n || !r || !p || !salt || !hash || rest.length > 0) return undefined;
  const params = { N: Number(n), r: Number(r), p: Number(p) };
  if (!isPowerOfTwo(params.N) || params.N > MAX_SCRYPT.N) return undefined;
  if (!inRange(params.r, 1, MAX_SCRYPT.r) || !inRange(params.p, 1, MAX_SCRYPT.p)) return undefined;
  const expected = Buffer.from(hash, 'base64');
  if (expected.length < 16) return undefined;
  return {
    scheme: { kind: 'scrypt', ...params },
    salt: Buffer.from(salt, 'base64'),
    hash: expected,
  };
}

const PHC_ARGON2ID =
  /^\$argon2id\$v=19\$m=(\d{1,7}),t=(\d{1,3}),p=(\d{1,3})\$([A-Za-z0-9+/]+)\$([A-Za-z0-9+/]+)$/;

function parseArgon2(stored: string): ParsedHash | undefined {
  const match = PHC_ARGON2ID.exec(stored);
  if (!match) return undefined;
  const [, m, t, p, salt, hash] = match;
  if (!salt || !hash) return undefined;
  const params = { m: Number(m), t: Number(t), p: Number(p) };
  if (!inRange(params.p, 1, MAX_ARGON2.p) || !inRange(params.t, 1, MAX_ARGON2.t)) return undefined;
  // Argon2 needs at least 8 KiB per lane.
  if (!inRange(params.m, 8 * params.p, MAX_ARGON2.m)) return undefined;
  const saltBytes = Buffer.from(salt, 'base64');
  const expected = Buffer.from(hash, 'base64');
  if (saltBytes.length < 8 || expected.length < 16) return undefined;
  return { scheme: { kind: 'argon2id', ...params }, salt: saltBytes, hash: expected };
}

function parseHash(stored: string): ParsedHash | undefined {
  return stored.startsWith('$argon2id$') ? parseArgon2(stored) : parseScrypt(stored);
}

export async function verifyPassword(
  password: string,
  stored: string,
  derive: Derive = deriveInProcess,
): Promise<boolean> {
  const parsed = parseHash(stored);
  if (!parsed) return false;
  const actual = await derive({
    ...parsed.scheme,
    password,
    salt: parsed.salt,
    keylen: parsed.hash.length,
  });
  return timingSafeEqual(parsed.hash, actual);
}

/** True when `stored` was made with another scheme than new hashes get (re-hash it). */
export function needsRehash(stored: string): boolean {
  const parsed = parseHash(stored);
  if (!parsed) return false;
  const a = parsed.scheme;
  const b = PASSWORD_SCHEME;
  if (a.kind !== b.kind) return true;
  return a.kind === 'argon2id' && b.kind === 'argon2id'
    ? a.m !== b.m || a.t !== b.t || a.p !== b.p
    : a.kind === 'scrypt' && b.kind === 'scrypt' && (a.N !== b.N || a.r !== b.r || a.p !== b.p);
}
