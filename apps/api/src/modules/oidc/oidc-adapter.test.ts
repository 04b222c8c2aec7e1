import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb, databaseKinds, type TestDb } from '../../../test/test-db.js';
import { createDbAdapterFactory } from './oidc-adapter.js';
import { loadCookieKeys, loadSigningKeys } from './oidc-keys.js';

describe.each(databaseKinds())('the provider storage over %s', (kind) => {
  let t: TestDb;
  beforeAll(async () => {
    t = await createTestDb(kind);
  });
  afterAll(async () => {
    await t.close();
  });

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
    const first = await loadSigningKeys(t.db);
    const second = await loadSigningKeys(t.db);
    expect(second).toEqual(first);
    expect(first.privateJwks[0]).toHaveProperty('d');
    expect(first.publicJwks[0]).not.toHaveProperty('d');
    expect(await loadCookieKeys(t.db, undefined)).toEqual(await loadCookieKeys(t.db, ''));
    expect(await loadCookieKeys(t.db, 'one, two')).toEqual(['one', 'two']);
  });
});
