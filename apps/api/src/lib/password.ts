import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import { promisify } from 'node:util';

const scryptAsync = promisify(scrypt) as (
  password: string,
  salt: Buffer,
  keylen: number,
  options: { N: number; r: number; p: number; maxmem: number },
) => Promise<Buffer>;

export interface ScryptParams {
  N: number;
  r: number;
  p: number;
}

/** Derives the scrypt key; by default on libuv's thread pool, or on a hash worker (ADR 0014). */
export type Derive = (
  password: string,
  salt: Buffer,
  keylen: number,
  options: ScryptParams & { maxmem: number },
) => Promise<Buffer>;

/**
 * The cost of new hashes: OWASP's lowest-memory scrypt minimum (N=2^13, r=8, p=10: 8 MB per
 * hash instead of 128 MB at N=2^17, and the least work of OWASP's equivalent settings). Chosen
 * by measurement on the project machine (ADR 0014). Stored as scrypt$N$r$p$salt$hash, so
 * hashes made with other parameters still verify, and are re-hashed on the next sign-in.
 */
export const SCRYPT_PARAMS: Readonly<ScryptParams> = { N: 2 ** 13, r: 8, p: 10 };
const KEYLEN = 32;

// Stored parameters come from our own database, but a damaged or hostile value must not make
// one verification allocate gigabytes or run for minutes: N up to 2^20, r up to 16, p up to 16.
const MAX_N = 2 ** 20;
const MAX_R = 16;
const MAX_P = 16;

/** Memory scrypt needs for these parameters (128·N·r bytes), with headroom. */
function maxmemFor({ N, r }: ScryptParams): number {
  return 128 * N * r + 32 * 1024 * 1024;
}

export async function hashPassword(
  password: string,
  params: ScryptParams = SCRYPT_PARAMS,
  derive: Derive = scryptAsync,
): Promise<string> {
  const salt = randomBytes(16);
  const hash = await derive(password, salt, KEYLEN, { ...params, maxmem: maxmemFor(params) });
  return [
    'scrypt',
    params.N,
    params.r,
    params.p,
    salt.toString('base64'),
    hash.toString('base64'),
  ].join('$');
}

interface ParsedHash {
  params: ScryptParams;
  salt: Buffer;
  hash: Buffer;
}

const isPowerOfTwo = (n: number) => Number.isInteger(n) && n > 1 && (n & (n - 1)) === 0;

function parseHash(stored: string): ParsedHash | undefined {
  const [scheme, n, r, p, salt, hash, ...rest] = stored.split('$');
  if (scheme !== 'scrypt' || !n || !r || !p || !salt || !hash || rest.length > 0) return undefined;
  const params = { N: Number(n), r: Number(r), p: Number(p) };
  if (!isPowerOfTwo(params.N) || params.N > MAX_N) return undefined;
  if (!Number.isInteger(params.r) || params.r < 1 || params.r > MAX_R) return undefined;
  if (!Number.isInteger(params.p) || params.p < 1 || params.p > MAX_P) return undefined;
  const expected = Buffer.from(hash, 'base64');
  if (expected.length < 16) return undefined;
  return { params, salt: Buffer.from(salt, 'base64'), hash: expected };
}

export async function verifyPassword(
  password: string,
  stored: string,
  derive: Derive = scryptAsync,
): Promise<boolean> {
  const parsed = parseHash(stored);
  if (!parsed) return false;
  const actual = await derive(password, parsed.salt, parsed.hash.length, {
    ...parsed.params,
    maxmem: maxmemFor(parsed.params),
  });
  return timingSafeEqual(parsed.hash, actual);
}

/** True when `stored` was made with other parameters than new hashes get (re-hash it). */
export function needsRehash(stored: string): boolean {
  const parsed = parseHash(stored);
  if (!parsed) return false;
  const { N, r, p } = parsed.params;
  return N !== SCRYPT_PARAMS.N || r !== SCRYPT_PARAMS.r || p !== SCRYPT_PARAMS.p;
}
