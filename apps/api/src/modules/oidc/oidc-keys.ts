import { randomBytes } from 'node:crypto';
import { calculateJwkThumbprint, exportJWK, generateKeyPair, type JWK } from 'jose';
import { z } from 'zod';
import type { Queryable } from '../../db/db.js';
import {
  loadSealedSecret,
  type EncryptionKeys,
  type SealOptions,
  type SecretRow,
} from '../../lib/key-encryption.js';
import { secretRow } from '../../lib/sealed-secrets.repository.js';

/** The one signing algorithm of the embedded provider (id tokens and JWT access tokens). */
export const SIGNING_ALG = 'RS256';

const SIGNING_KEYS = 'signing-keys';
const COOKIE_KEYS = 'cookie-keys';

const privateRsaJwk = z
  .object({ kty: z.literal('RSA'), kid: z.string(), n: z.string(), e: z.string(), d: z.string() })
  .loose();
const storedSigningKeys = z.object({ keys: z.array(privateRsaJwk).min(1) });
const storedCookieKeys = z.array(z.string().min(1)).min(1);

export interface SigningKeys {
  /** Private JWKs for the provider's `jwks` configuration (first one signs). */
  privateJwks: JWK[];
  /** The public halves, what the provider publishes at its jwks_uri. */
  publicJwks: JWK[];
}

async function generateSigningKey(): Promise<JWK> {
  const { privateKey } = await generateKeyPair(SIGNING_ALG, {
    extractable: true,
    modulusLength: 2048,
  });
  const jwk = await exportJWK(privateKey);
  return { ...jwk, kid: await calculateJwkThumbprint(jwk), alg: SIGNING_ALG, use: 'sig' };
}

function publicPart(jwk: JWK): JWK {
  const { kty, kid, n, e, alg, use } = jwk;
  return { kty, kid, n, e, alg, use };
}

/** The row of `name` in oidc_keys. */
const keyRow = (db: Queryable, name: string): SecretRow => secretRow(db, 'oidc_keys', name);

/**
 * The RS256 key set, generated on the very first start and kept in the database, so tokens
 * stay valid across restarts and every API node signs and verifies with the same keys. Kept
 * encrypted with `encryptionKey` (AES-256-GCM); a set stored in clear by an older version is
 * encrypted in place on the first start that finds it.
 */
export async function loadSigningKeys(
  db: Queryable,
  encryptionKey: EncryptionKeys,
  options?: SealOptions,
): Promise<SigningKeys> {
  const { keys } = await loadSealedSecret(
    keyRow(db, SIGNING_KEYS),
    encryptionKey,
    SIGNING_KEYS,
    storedSigningKeys,
    async () => ({ keys: [await generateSigningKey()] }),
    options,
  );
  const privateJwks: JWK[] = keys.map((k) => ({ ...k, alg: SIGNING_ALG, use: 'sig' }));
  return { privateJwks, publicJwks: privateJwks.map(publicPart) };
}

/**
 * Keys that sign the provider's cookies (and our known-device cookie): OIDC_COOKIE_KEYS
 * (comma separated, first one signs) when set, otherwise random keys generated once and kept
 * in the database, encrypted like the signing keys (ADR 0060).
 */
export async function loadCookieKeys(
  db: Queryable,
  configured: string | undefined,
  encryptionKey: EncryptionKeys,
  options?: SealOptions,
): Promise<string[]> {
  const fromEnv = (configured ?? '')
    .split(',')
    .map((k) => k.trim())
    .filter(Boolean);
  if (fromEnv.length > 0) return fromEnv;
  return loadSealedSecret(
    keyRow(db, COOKIE_KEYS),
    encryptionKey,
    COOKIE_KEYS,
    storedCookieKeys,
    () => [randomBytes(32).toString('base64url')],
    options,
  );
}
