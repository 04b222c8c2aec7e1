import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { dbPerSuite } from '../../../test/suite-app.js';
import { databaseKinds } from '../../../test/test-db.js';
import { KeyDecryptionError, loadKeyEncryptionKey } from '../../lib/key-encryption.js';
import { createDbAdapterFactory } from './oidc-adapter.js';
import { loadCookieKeys, loadSigningKeys } from './oidc-keys.js';

const kek = randomBytes(32);

describe.each(databaseKinds())('the provider storage over %s', (kind) => {
  const t = dbPerSuite(kind);

  it('stores, finds by id and uid, consumes and destroys', async () => {
    const sessions = createDbAdapterFactory(t.db)('Session');
    await sessions.upsert('s1', { uid: 'u1', accountId: 'u-anna' }, 60);
    expect(await sessions.find('s1')).toEqual({ uid: 'u1', accountId: 'u-anna' });
    expect(await sessions.findByUid('u1')).toEqual({ uid: 'u1', accountId: 'u-anna' });
    // Models are separate namespaces.
    expect(await createDbAdapterFactory(t.db)('Interaction').find('s1')).toBeUndefined();

    await sessions.consume('s1');
    expect((await sessions.find('s1'))?.consumed).toEqual(expect.any(Number));
    await sessions.destroy('s1');
    expect(await sessions.find('s1')).toBeUndefined();
  });

  it('finds nothing, and fails nothing, for keys with control characters', async () => {
    const codes = createDbAdapterFactory(t.db)('AuthorizationCode');
    expect(await codes.find('a\u0000b')).toBeUndefined();
    expect(await codes.findByUid('a\u0000b')).toBeUndefined();
    expect(await codes.findByUserCode('a\u0000b')).toBeUndefined();
    await expect(codes.consume('a\u0000b')).resolves.toBeUndefined();
    await expect(codes.destroy('a\u0000b')).resolves.toBeUndefined();
  });

  it('hides expired entries', async () => {
    const codes = createDbAdapterFactory(t.db)('AuthorizationCode');
    await codes.upsert('gone', { accountId: 'u-anna' }, -1);
    await codes.upsert('kept', { accountId: 'u-anna' }, 60);
    expect(await codes.find('gone')).toBeUndefined();
    expect(await codes.find('kept')).toBeDefined();
  });

  it('revoking a grant removes everything issued under it', async () => {
    const factory = createDbAdapterFactory(t.db);
    await factory('AuthorizationCode').upsert('c1', { grantId: 'g1' }, 60);
    await factory('AccessToken').upsert('a1', { grantId: 'g1' }, 60);
    await factory('AccessToken').upsert('a2', { grantId: 'g2' }, 60);
    await factory('AccessToken').revokeByGrantId('g1');
    expect(await factory('AuthorizationCode').find('c1')).toBeUndefined();
    expect(await factory('AccessToken').find('a1')).toBeUndefined();
    expect(await factory('AccessToken').find('a2')).toBeDefined();
  });

  it('generates the signing and cookie keys once and then always returns the same', async () => {
    const first = await loadSigningKeys(t.db, kek);
    const second = await loadSigningKeys(t.db, kek);
    expect(second).toEqual(first);
    expect(first.privateJwks[0]).toHaveProperty('d');
    expect(first.publicJwks[0]).not.toHaveProperty('d');
    expect(await loadCookieKeys(t.db, undefined, kek)).toEqual(await loadCookieKeys(t.db, '', kek));
    expect(await loadCookieKeys(t.db, 'one, two', kek)).toEqual(['one', 'two']);
  });

  describe('signing keys at rest (issue 23)', () => {
    const storedSigningKeys = async () =>
      (
        await t.db.query<{ value: Record<string, unknown> }>(
          "select value from oidc_keys where name = 'signing-keys'",
        )
      ).rows[0]?.value;

    it('keeps the private keys encrypted in the database, not in clear', async () => {
      const { privateJwks } = await loadSigningKeys(t.db, kek);
      const stored = await storedSigningKeys();
      expect(stored).toMatchObject({ enc: 'A256GCM' });
      const text = JSON.stringify(stored);
      expect(text).not.toContain(String(privateJwks[0]?.d));
      expect(text).not.toContain('"d"');
    });

    it('encrypts keys an older version stored in clear, keeping the same keys', async () => {
      const { privateJwks } = await loadSigningKeys(t.db, kek);
      await t.db.query("update oidc_keys set value = $1 where name = 'signing-keys'", [
        JSON.stringify({ keys: privateJwks }),
      ]);
      const migrated = await loadSigningKeys(t.db, kek);
      expect(migrated.privateJwks).toEqual(privateJwks);
      expect(await storedSigningKeys()).toMatchObject({ enc: 'A256GCM' });
      expect(JSON.stringify(await storedSigningKeys())).not.toContain('"d"');
    });

    it('refuses to start with another encryption key instead of signing with nothing', async () => {
      await loadSigningKeys(t.db, kek);
      await expect(loadSigningKeys(t.db, randomBytes(32))).rejects.toBeInstanceOf(
        KeyDecryptionError,
      );
    });
  });
});

describe('the key that encrypts the signing keys', () => {
  it('is made once in DATA_DIR, readable by its owner only, when none is configured', () => {
    const dir = mkdtempSync(join(tmpdir(), 'portico-kek-'));
    try {
      const first = loadKeyEncryptionKey(undefined, join(dir, 'data'));
      expect(first).toHaveLength(32);
      expect(loadKeyEncryptionKey(undefined, join(dir, 'data'))).toEqual(first);
      const mode = statSync(join(dir, 'data', 'oidc-key-encryption.key')).mode & 0o777;
      expect(mode).toBe(0o600);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('comes from OIDC_KEY_ENCRYPTION_KEY when set (32 bytes in base64)', () => {
    const configured = randomBytes(32);
    expect(loadKeyEncryptionKey(configured.toString('base64'), '/nonexistent')).toEqual(configured);
    expect(() => loadKeyEncryptionKey('too-short', '/nonexistent')).toThrow(/32 bytes/);
  });
});
