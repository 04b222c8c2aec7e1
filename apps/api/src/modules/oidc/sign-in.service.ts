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
  deleteOldKnownAddresses,
  findUserByEmail,
  isKnownAddress,
  releaseAttempts,
  rememberKnownAddress,
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
/**
 * Past MAX_ACCOUNT_FAILURES the account is slowed, not locked (issue 23, ADR 0014 addenda):
 * a known device, and an address the account signed in from within KNOWN_ADDRESS_DAYS, pass
 * as before (their address's own limit still holds); another address with no failures of
 * its own in the window passes one attempt per ACCOUNT_PACE_SECONDS at that account (so
 * strangers' failures cannot keep the owner out, and guesses spread over many addresses stay
 * bounded); an address with failures of its own is refused.
 */
export const ACCOUNT_PACE_SECONDS = 5;
export const KNOWN_ADDRESS_DAYS = 30;

/** What the sign-in form knows of the client beyond its address. */
export interface ClientTrust {
  /** The browser holds a valid known-device cookie for this account. */
  knownDevice: (accountDigest: string) => boolean;
}
const UNKNOWN_CLIENT: ClientTrust = { knownDevice: () => false };

export type SignInResult =
  | { outcome: 'signed-in'; userId: string }
  | { outcome: 'invalid-credentials' }
  | { outcome: 'rate-limited'; retryAfterSeconds: number }
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

/** The digest that names an account in the limits and the known-device cookie. */
export function accountDigest(email: string): string {
  return createHash('sha256').update(email.trim().toLowerCase()).digest('hex');
}

interface LimitKeys {
  ip: string;
  account: string;
  pace: string;
  /** The (account, address) pair's key among the addresses the account signed in from. */
  knownAddress: string;
}

/** The rate-limit keys of one attempt. The e-mail is hashed: typed addresses are not stored. */
export function limitKeys(email: string, ip: string): LimitKeys {
  const account = accountDigest(email);
  return {
    ip: `ip:${ip}`,
    account: `account:${account}`,
    pace: `pace:${account}`,
    knownAddress: createHash('sha256').update(`${account}\n${ip}`).digest('hex'),
  };
}

class Refused extends Error {
  constructor(readonly retryAfterSeconds: number) {
    super('refused');
  }
}

/**
 * Reserves one attempt for the address and one for the account, both or neither; the
 * account's count only decides once it is past its limit (see ACCOUNT_PACE_SECONDS). The
 * keys released afterwards: those that were reserved.
 */
async function reserve(
  db: Db,
  keys: LimitKeys,
  knownDevice: boolean,
): Promise<{ released: string[] } | { retryAfterSeconds: number }> {
  try {
    return await db.transaction(async (tx) => {
      // Always the address, then the account, then its pace: one lock order, no deadlock.
      const ipAttempts = await reserveAttempt(tx, keys.ip, MAX_FAILURES, WINDOW_SECONDS);
      if (ipAttempts === null) throw new Refused(WINDOW_SECONDS);
      // Counted, never refused by itself (the largest PostgreSQL integer).
      const accountAttempts = await reserveAttempt(tx, keys.account, 2_147_483_647, WINDOW_SECONDS);
      if (
        accountAttempts === null ||
        accountAttempts <= MAX_ACCOUNT_FAILURES ||
        knownDevice ||
        (await isKnownAddress(tx, keys.knownAddress, KNOWN_ADDRESS_DAYS))
      )
        return { released: [keys.ip, keys.account] };
      // Under attack: an address with failures of its own waits for its window...
      if (ipAttempts > 1) throw new Refused(WINDOW_SECONDS);
      // ...a fresh one takes the account's next paced turn.
      if ((await reserveAttempt(tx, keys.pace, 1, ACCOUNT_PACE_SECONDS)) === null)
        throw new Refused(ACCOUNT_PACE_SECONDS);
      return { released: [keys.ip, keys.account] };
    });
  } catch (error) {
    if (error instanceof Refused) return { retryAfterSeconds: error.retryAfterSeconds };
    throw error;
  }
}

export async function signIn(
  db: Db,
  queue: HashQueue,
  email: string,
  password: string,
  ip: string,
  trust: ClientTrust = UNKNOWN_CLIENT,
): Promise<SignInResult> {
  try {
    // The whole check holds a hash slot, its database work included: a burst let into the
    // line waits there, instead of opening a transaction each at once and taking the pool's
    // connections from everybody else (issue 11).
    return await queue.run((derive) => checkSignIn(db, derive, email, password, ip, trust));
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
  trust: ClientTrust = UNKNOWN_CLIENT,
): Promise<Exclude<SignInResult, { outcome: 'busy' }>> {
  const keys = limitKeys(email, ip);
  const reserved = await reserve(db, keys, trust.knownDevice(accountDigest(email)));
  if ('retryAfterSeconds' in reserved)
    return { outcome: 'rate-limited', retryAfterSeconds: reserved.retryAfterSeconds };

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
    await releaseAttempts(db, reserved.released);
    throw error;
  }

  // Inactive and Pending users cannot sign in (issue 15 §4), on the same path as a wrong password.
  if (user && passwordMatches && user.status === 'Active' && user.passwordHash !== null) {
    // A success gives back only its own reservation: it never resets the counters, or one
    // valid account would let an attacker interleave guesses at other people's passwords.
    await releaseAttempts(db, reserved.released);
    await rememberKnownAddress(db, keys.knownAddress);
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
  await deleteOldKnownAddresses(db, KNOWN_ADDRESS_DAYS);
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
