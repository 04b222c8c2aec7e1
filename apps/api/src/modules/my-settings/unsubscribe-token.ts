import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import type { Queryable } from '../../db/db.js';
import {
  loadSealedSecret,
  type EncryptionKeys,
  type SealOptions,
} from '../../lib/key-encryption.js';
import {
  findUnsubscribeKey,
  insertUnsubscribeKeyIfAbsent,
  replaceUnsubscribeKey,
} from './unsubscribe-key.repository.js';

/**
 * Signed one-click unsubscribe tokens (RFC 8058; ADR 0031). The token names a user and a
 * scope — one subscription (`general-news`, `product-news:<contentId>`) or every
 * subscription of a digest (`digest:daily`) — and is signed with HMAC-SHA256 under a key
 * kept in the database (`unsubscribe_keys`, encrypted with the key-encryption key: ADR 0060),
 * made once and shared by every node, so a link works whichever node answers and after any
 * restart. No expiry: an old mail's link must still stop the mail.
 */
const payloadSchema = z.object({
  v: z.literal(1),
  u: z.string().min(1).max(100),
  s: z.string().min(1).max(200),
});
export type UnsubscribePayload = { userId: string; scope: string };

export async function unsubscribeKey(
  db: Queryable,
  encryptionKey: EncryptionKeys,
  options?: SealOptions,
): Promise<Buffer> {
  const secret = await loadSealedSecret(
    {
      find: () => findUnsubscribeKey(db),
      insertIfAbsent: (value) => insertUnsubscribeKeyIfAbsent(db, value),
      replace: (expected, value) => replaceUnsubscribeKey(db, expected, value),
    },
    encryptionKey,
    'unsubscribe-key',
    z.string().min(43),
    () => randomBytes(32).toString('base64url'),
    options,
  );
  return Buffer.from(secret, 'base64url');
}

const mac = (key: Buffer, body: string): Buffer =>
  createHmac('sha256', key).update(`unsubscribe.${body}`).digest();

export function signUnsubscribeToken(key: Buffer, payload: UnsubscribePayload): string {
  const body = Buffer.from(
    JSON.stringify({ v: 1, u: payload.userId, s: payload.scope }),
    'utf8',
  ).toString('base64url');
  return `${body}.${mac(key, body).toString('base64url')}`;
}

/** The payload of a genuine token; undefined for anything malformed or tampered with. */
export function verifyUnsubscribeToken(key: Buffer, token: string): UnsubscribePayload | undefined {
  const match = /^([A-Za-z0-9_-]{1,600})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return undefined;
  const [, body = '', signature = ''] = match;
  const given = Buffer.from(signature, 'base64url');
  const expected = mac(key, body);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
  try {
    const parsed = payloadSchema.safeParse(
      JSON.parse(Buffer.from(body, 'base64url').toString('utf8')),
    );
    return parsed.success ? { userId: parsed.data.u, scope: parsed.data.s } : undefined;
  } catch {
    return undefined;
  }
}
