import { hasControlCharacters } from '@portico/contracts';
import { createHash, randomBytes } from 'node:crypto';
import type { Db } from '../../db/db.js';
import {
  hashPassword,
  needsRehash,
  PASSWORD_SCHEME,
  verifyPassword,
  type Derive,
} from '../../lib/password.js';
import { HashQueueFullError, type HashQueue } from './hash-queue.js';
import {
  deleteEndedWindows,
  findUserByEmail,
  releaseAttempts,
  reserveAttempt,
  updatePasswordHash,
} from './oidc.repository.js';

/**
 * Rate limit of the sign-in form (ADR 0002 §6, ADR 0014): within WINDOW_SECONDS, at most
 * MAX_FAILURES attempts per client address and MAX_ACCOUNT_FAILURES per e-mail address
 * (known or not) get their password checked; the rest are refused without hashing. An attempt
 * is reserved in the database before the hash, atomically, so the limit holds for parallel
 * attempts and across API instances; a successful sign-in gives its reservation back.
 */
export const MAX_FAILURES = 5;
export const MAX_ACCOUNT_FAILURES = 10;
export const WINDOW_SECONDS = 5 * 60;

export type SignInResult =
  | { outcome: 'signed-in'; userId: string }
  | { outcome: 'invalid-credentials' }
  | { outcome: 'rate-limited' }
  /** Too many password checks in this instance right now: try again in a moment. */
  | { outcome: 'busy' };

// A hash of a random password, verified when the e-mail is unknown so that an unknown
// account costs the same time as a wrong password (no account enumeration by timing).
let dummyHash: Promise<string> | undefined;
function getDummyHash(): Promise<string> {
  dummyHash ??= hashPassword(randomBytes(32).toString('base64url')).catch((error: unknown) => {
    dummyHash = undefined;
    throw error;
  });
  return dummyHash;
}

/** Computes the dummy hash ahead of the first sign-in (it takes as long as one hash). */
export function warmUpSignIn(): void {
  getDummyHash().catch(() => undefined); // retried on first use
}

/** The rate-limit keys of one attempt. The e-mail is hashed: typed addresses are not stored. */
export function limitKeys(email: string, ip: string): { ip: string; account: string } {
  const account = createHash('sha256').update(email.trim().toLowerCase()).digest('hex');
  return { ip: `ip:${ip}`, account: `account:${account}` };
}

class Refused extends Error {}

/** Reserves one attempt for the address and one for the account, both or neither. */
async function reserve(db: Db, keys: { ip: string; account: string }): Promise<boolean> {
  try {
    await db.transaction(async (tx) => {
      // Always the address first, then the account: one lock order, no deadlock.
      if (!(await reserveAttempt(tx, keys.ip, MAX_FAILURES, WINDOW_SECONDS))) throw new Refused();
      if (!(await reserveAttempt(tx, keys.account, MAX_ACCOUNT_FAILURES, WINDOW_SECONDS)))
        throw new Refused();
    });
    return true;
  } catch (error) {
    if (error instanceof Refused) return false;
    throw error;
  }
}

export async function signIn(
  db: Db,
  queue: HashQueue,
  email: string,
  password: string,
  ip: string,
): Promise<SignInResult> {
  try {
    // The whole check holds a hash slot, its database work included: a burst let into the
    // line waits there, instead of opening a transaction each at once and taking the pool's
    // connections from everybody else (issue 11).
    return await queue.run((derive) => checkSignIn(db, derive, email, password, ip));
  } catch (error) {
    // Every slot busy and the line full: nothing was reserved, nothing counts.
    if (error instanceof HashQueueFullError) return { outcome: 'busy' };
    throw error;
  }
}

/** One attempt's check, in a hash slot the caller holds (`derive` computes on its thread). */
export async function checkSignIn(
  db: Db,
  derive: Derive,
  email: string,
  password: string,
  ip: string,
): Promise<Exclude<SignInResult, { outcome: 'busy' }>> {
  const keys = limitKeys(email, ip);
  if (!(await reserve(db, keys))) return { outcome: 'rate-limited' };

  let user: Awaited<ReturnType<typeof findUserByEmail>>;
  let passwordMatches: boolean;
  try {
    // No account has such an address, and PostgreSQL text cannot even hold a NUL: an unknown
    // account, on the same path (dummy hash, counted failure) as any other.
    user = hasControlCharacters(email) ? undefined : await findUserByEmail(db, email);
    const stored = user?.passwordHash ?? (await getDummyHash());
    passwordMatches = await verifyPassword(password, stored, derive);
  } catch (error) {
    // Not checked (the database or the hash failed): the attempt does not count.
    await releaseAttempts(db, [keys.ip, keys.account]);
    throw error;
  }

  // Inactive and Pending users cannot sign in (issue 15 §4), on the same path as a wrong password.
  if (user && passwordMatches && user.status === 'Active' && user.passwordHash !== null) {
    // A success gives back only its own reservation: it never resets the counters, or one
    // valid account would let an attacker interleave guesses at other people's passwords.
    await releaseAttempts(db, [keys.ip, keys.account]);
    await upgradeHash(db, derive, user.id, user.passwordHash, password);
    return { outcome: 'signed-in', userId: user.id };
  }

  await forgetEndedWindows(db);
  return { outcome: 'invalid-credentials' };
}

/** How often one instance deletes the rate limit's ended windows (after a failed attempt). */
export const CLEANUP_INTERVAL_MS = 60_000;
const lastCleanup = new WeakMap<Db, number>();

/**
 * Deletes ended windows at most once per CLEANUP_INTERVAL_MS per database: it ran after every
 * failure, one more query for each checked attempt of a flood (issue 11). Ended windows left
 * meanwhile change nothing: reserveAttempt starts them over.
 */
async function forgetEndedWindows(db: Db): Promise<void> {
  const now = Date.now();
  const last = lastCleanup.get(db);
  if (last !== undefined && now - last < CLEANUP_INTERVAL_MS) return;
  lastCleanup.set(db, now);
  await deleteEndedWindows(db, WINDOW_SECONDS);
}

/** Re-hashes a password stored with older parameters, in the slot the check holds. */
async function upgradeHash(
  db: Db,
  derive: Derive,
  userId: string,
  stored: string,
  password: string,
): Promise<void> {
  if (!needsRehash(stored)) return;
  const fresh = await hashPassword(password, PASSWORD_SCHEME, derive);
  await updatePasswordHash(db, userId, stored, fresh);
}
