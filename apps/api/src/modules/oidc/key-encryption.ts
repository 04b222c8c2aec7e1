import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { z } from 'zod';

// The embedded provider's private signing keys are kept in the database encrypted
// (AES-256-GCM) with a key the database never sees: OIDC_KEY_ENCRYPTION_KEY, or for the
// embedded default a random key made once and kept in DATA_DIR (ADR 0027, addendum). A copy
// of the database alone (a backup, a dump) then signs no tokens.

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

export function decryptValue(key: Buffer, context: string, stored: EncryptedValue): unknown {
  if (stored.kid !== keyId(key)) {
    throw new KeyDecryptionError(
      `the stored ${context} were encrypted with another key: give every instance the same OIDC_KEY_ENCRYPTION_KEY`,
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
