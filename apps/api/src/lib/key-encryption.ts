import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { z } from 'zod';

// Every secret the server keeps in the database (the provider's signing and cookie keys, the
// support desk's and the unsubscribe links' HMAC keys) is encrypted (AES-256-GCM) with a key
// the database never sees: OIDC_KEY_ENCRYPTION_KEY, or for the embedded default a random key
// made once and kept in DATA_DIR (ADR 0027 addendum, ADR 0060). A copy of the database alone
// (a backup, a dump) then signs no token, cookie or link.

const KEY_FILE = 'oidc-key-encryption.key';
const ALGORITHM = 'aes-256-gcm';

/** A stored, encrypted value: `kid` names the key that encrypted it (a hash, not the key). */
export const encryptedValue = z.object({
  enc: z.literal('A256GCM'),
  kid: z.string(),
  iv: z.string(),
  tag: z.string(),
  data: z.string(),
});
export type EncryptedValue = z.infer<typeof encryptedValue>;

/** The wrong key, or a value changed in the database: nothing to sign with. */
export class KeyDecryptionError extends Error {}

/** 32 bytes as base64 or base64url (`openssl rand -base64 32`); else undefined. */
export function parseEncryptionKey(text: string): Buffer | undefined {
  const bytes = Buffer.from(text.trim(), 'base64url');
  return bytes.length === 32 ? bytes : undefined;
}

/**
 * The key from configuration, else the one kept in `dataDir` (made on first use, readable by
 * this user only). Instances sharing one PostgreSQL must be given the same configured key.
 */
export function loadKeyEncryptionKey(configured: string | undefined, dataDir: string): Buffer {
  if (configured) {
    const key = parseEncryptionKey(configured);
    if (!key) throw new Error('OIDC_KEY_ENCRYPTION_KEY must be 32 bytes in base64');
    return key;
  }
  const file = join(resolve(dataDir), KEY_FILE);
  try {
    mkdirSync(resolve(dataDir), { recursive: true });
    // 'wx': only if absent, so two processes starting together keep the first one's key.
    writeFileSync(file, `${randomBytes(32).toString('base64url')}\n`, { flag: 'wx', mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  const key = parseEncryptionKey(readFileSync(file, 'utf8'));
  if (!key) throw new Error(`${file} does not hold a 32-byte key in base64`);
  return key;
}

function keyId(key: Buffer): string {
  return createHash('sha256')
    .update('portico-oidc-kek:')
    .update(key)
    .digest('base64url')
    .slice(0, 16);
}

/** Encrypts `value` (as JSON); `context` (the row's name) is bound as associated data. */
export function encryptValue(key: Buffer, context: string, value: unknown): EncryptedValue {
  const iv = randomBytes(12);
  const cipher = createCipheriv(ALGORITHM, key, iv);
  cipher.setAAD(Buffer.from(context));
  const data = Buffer.concat([cipher.update(JSON.stringify(value), 'utf8'), cipher.final()]);
  return {
    enc: 'A256GCM',
    kid: keyId(key),
    iv: iv.toString('base64url'),
    tag: cipher.getAuthTag().toString('base64url'),
    data: data.toString('base64url'),
  };
}

/** Decrypts `stored`, bound to `context` (the row's name). */
export function decryptValue(key: Buffer, context: string, stored: EncryptedValue): unknown {
  if (stored.kid !== keyId(key)) {
    throw new KeyDecryptionError(
      `the stored ${context} were encrypted with another key: give every instance the same OIDC_KEY_ENCRYPTION_KEY (while rotating, the old one in OIDC_KEY_ENCRYPTION_OLD)`,
    );
  }
  try {
    const decipher = createDecipheriv(ALGORITHM, key, Buffer.from(stored.iv, 'base64url'));
    decipher.setAAD(Buffer.from(context));
    decipher.setAuthTag(Buffer.from(stored.tag, 'base64url'));
    const text = Buffer.concat([
      decipher.update(Buffer.from(stored.data, 'base64url')),
      decipher.final(),
    ]).toString('utf8');
    return JSON.parse(text) as unknown;
  } catch (error) {
    throw new KeyDecryptionError(`the stored ${context} could not be decrypted`, { cause: error });
  }
}

/**
 * The key-encryption keys of this configuration: `current` encrypts, `previous` (keys being
 * rotated out, OIDC_KEY_ENCRYPTION_OLD) still decrypt (ADR 0060).
 */
export interface KeyRing {
  current: Buffer;
  previous: readonly Buffer[];
}
/** A lone key is a ring without previous keys. */
export type EncryptionKeys = Buffer | KeyRing;

function ringOf(keys: EncryptionKeys): KeyRing {
  return Buffer.isBuffer(keys) ? { current: keys, previous: [] } : keys;
}

/** Parses OIDC_KEY_ENCRYPTION_OLD: comma-separated 32-byte keys in base64. */
export function parsePreviousKeys(text: string | undefined): Buffer[] | undefined {
  const parts = (text ?? '')
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
  const keys: Buffer[] = [];
  for (const part of parts) {
    const key = parseEncryptionKey(part);
    if (!key) return undefined;
    keys.push(key);
  }
  return keys;
}

export interface KeyEncryptionSettings {
  OIDC_KEY_ENCRYPTION_KEY?: string | undefined;
  OIDC_KEY_ENCRYPTION_OLD?: string | undefined;
  DATA_DIR: string;
}

export function loadKeyRing(env: KeyEncryptionSettings): KeyRing {
  const previous = parsePreviousKeys(env.OIDC_KEY_ENCRYPTION_OLD);
  if (!previous) throw new Error('OIDC_KEY_ENCRYPTION_OLD must be 32-byte keys in base64');
  return { current: loadKeyEncryptionKey(env.OIDC_KEY_ENCRYPTION_KEY, env.DATA_DIR), previous };
}

/** One secret's row, as its module's repository reads and writes it (a JSON value). */
export interface SecretRow {
  find(): Promise<unknown>;
  /** Stores `value` unless a value is there already; returns the stored value. */
  insertIfAbsent(value: EncryptedValue): Promise<unknown>;
  /** Replaces the stored value only while it is still `expected` (instances race). */
  replace(expected: unknown, value: EncryptedValue): Promise<void>;
}

export interface SealOptions {
  /**
   * Re-encrypt a value found under a previous key with the current one. Only the start-up
   * pass does (src/seal-secrets.ts): during a rotation, a running node that does not yet hold
   * the new key as its current one must not wrap values back under the old one.
   */
  reseal?: boolean;
}

/**
 * The secret kept in `row`, in clear for this process: made by `make` and stored encrypted on
 * first use (concurrent first starts keep one), decrypted on every later one. A value stored in
 * clear by an older version is encrypted in place, unchanged, so what it signed stays valid.
 */
export async function loadSealedSecret<T>(
  row: SecretRow,
  keys: EncryptionKeys,
  context: string,
  schema: z.ZodType<T>,
  make: () => unknown,
  options: SealOptions = {},
): Promise<T> {
  const { current, previous } = ringOf(keys);
  let stored = await row.find();
  if (stored === undefined || stored === null) {
    stored = await row.insertIfAbsent(encryptValue(current, context, schema.parse(await make())));
  }
  const encrypted = encryptedValue.safeParse(stored);
  if (!encrypted.success) {
    const clear = schema.parse(stored);
    await row.replace(stored, encryptValue(current, context, clear));
    return clear;
  }
  const { kid } = encrypted.data;
  const old = kid === keyId(current) ? undefined : previous.find((key) => keyId(key) === kid);
  const clear = schema.parse(decryptValue(old ?? current, context, encrypted.data));
  if (old && options.reseal) await row.replace(stored, encryptValue(current, context, clear));
  return clear;
}

/** What reads the key-encryption keys: once per caller, and only when a secret is needed. */
export type KeyEncryptionKeySource = () => KeyRing;

export function keyEncryptionKeySource(env: KeyEncryptionSettings): KeyEncryptionKeySource {
  let ring: KeyRing | undefined;
  return () => (ring ??= loadKeyRing(env));
}
