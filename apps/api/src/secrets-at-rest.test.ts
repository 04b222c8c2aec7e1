// Issue 34: a copy of the database forges nothing (ADR 0060). Every table that holds a secret
// is read as an attacker with the database would read it, and whatever it holds is tried as
// the key: desk cookies, unsubscribe links, the provider's session cookie and access tokens
// made with it are refused, while the same forgery with the real key (a control) is accepted.
import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import { importJWK, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authorizeUrl, browser, pkcePair, signInThroughProvider } from '../test/oidc-flow.js';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { routeDatabaseKinds } from '../test/test-db.js';
import { KeyDecryptionError, loadKeyEncryptionKey } from './lib/key-encryption.js';
import { loadCookieKeys } from './modules/oidc/oidc-keys.js';
import { loadDeskSecret } from './modules/services/desk-session.js';
import { signUnsubscribeToken, unsubscribeKey } from './modules/my-settings/unsubscribe-token.js';
import { sealSecretsAtRest } from './seal-secrets.js';

const anna = { email: 'anna.customer@portico.test', password: 'portico-demo' };

/**
 * Columns whose name says key, secret, token, password, hash or signature, and why each is no
 * usable secret at rest. A new one fails here until it is sealed (or shown harmless) and
 * listed: the secret-bearing tables are tried below.
 */
const REVIEWED: Record<string, string> = {
  'oidc_keys.value': 'sealed: signing keys, cookie keys (tried below)',
  'support_desk_keys.secret': 'sealed: the desk HMAC key (tried below)',
  'unsubscribe_keys.secret': 'sealed: the unsubscribe links key (tried below)',
  'users.password_hash': 'argon2id hash',
  'user_invitations.token_hash': 'SHA-256 of a one-time token',
  'notification_stream_tickets.hash': 'SHA-256 of a one-minute ticket',
  'sign_in_limits.key': 'a limit key: an address or an e-mail digest, no secret',
  'sign_in_known_addresses.key': 'a digest of (account, address)',
  'labels.key': 'a label name',
  'news_images.key': 'a public image name',
  'product_document_facet_values.value_key': 'a facet value name',
  'users.tokens_valid_after': 'a time',
  'support_desk_frame_token_uses.jti': 'the id of a used token, not the token',
  'support_desk_session_ends.sid': 'an ended session, refused anyway',
  'schedule.key': "pg-boss 12: a schedule's name within its queue",
  'oidc_payloads.payload':
    'session and grant state: its cookies need the sealed cookie keys (tried below)',
};

/** Every string inside a stored JSON value, as text and as base64url-decoded bytes. */
function candidateKeys(stored: unknown): Buffer[] {
  const strings: string[] = [JSON.stringify(stored)];
  const walk = (value: unknown): void => {
    if (typeof value === 'string') strings.push(value);
    else if (Array.isArray(value)) value.forEach(walk);
    else if (value && typeof value === 'object') Object.values(value).forEach(walk);
  };
  walk(stored);
  return strings.flatMap((s) => [Buffer.from(s, 'utf8'), Buffer.from(s, 'base64url')]);
}

function deskCookie(key: Buffer, userId: string): Promise<string> {
  return new SignJWT({ sid: randomUUID() })
    .setProtectedHeader({ alg: 'HS256' })
    .setJti(randomUUID())
    .setIssuer('portico-api')
    .setAudience('portico-support-desk-session')
    .setSubject(userId)
    .setIssuedAt()
    .setExpirationTime('10m')
    .sign(new Uint8Array(key));
}

/** A cookie signed the way the provider's framework signs (keygrip: HMAC-SHA1, base64url). */
function signedCookie(key: Buffer, name: string, value: string): string {
  const sig = createHmac('sha1', key).update(`${name}=${value}`).digest('base64url');
  return `${name}=${value}; ${name}.sig=${sig}`;
}

describe.each(routeDatabaseKinds())('secrets at rest over %s (issue 34)', (kind) => {
  let t: TestApp;
  let kek: Buffer;
  let sessionId: string;

  const stored = async (sql: string): Promise<unknown> =>
    (await t.db.query<{ value: unknown }>(sql)).rows[0]?.value;

  const paulsCases = (cookie: string) =>
    t.app.inject({
      method: 'GET',
      url: '/support-desk/track-cases',
      headers: { cookie: `portico_desk=${cookie}` },
    });

  const unsubscribe = (token: string) =>
    t.app.inject({ method: 'GET', url: `/unsubscribe?token=${encodeURIComponent(token)}` });

  /** Whether the provider takes `cookie` for a signed-in browser (no sign-in page). */
  const signedInWith = async (cookie: string): Promise<boolean> => {
    const response = await t.app.inject({
      method: 'GET',
      url: authorizeUrl(t.app, { responseType: 'code', codeChallenge: pkcePair().challenge }),
      headers: { host: 'localhost:8080', cookie },
    });
    const location = response.headers.location;
    return typeof location === 'string' && location.includes('/state-redirect?code=');
  };

  beforeAll(async () => {
    t = await createTestApp(kind);
    kek = loadKeyEncryptionKey(t.app.env.OIDC_KEY_ENCRYPTION_KEY, t.app.env.DATA_DIR);
    await t.db.query(
      "update users set permissions = array_append(permissions, 'SUPPORT_SERVICE_NOW') where id = 'u-paul'",
    );
    // Every secret made the way the app makes it: a sign-in, a desk frame, an unsubscribe link.
    const client = browser(t.app);
    const callback = await signInThroughProvider(client, t.app, {
      responseType: 'id_token token',
      ...anna,
    });
    const accessToken = new URLSearchParams(callback.hash.slice(1)).get('access_token')!;
    const frame = await t.app.inject({
      method: 'GET',
      url: '/api/support/frame-token',
      headers: { authorization: `Bearer ${accessToken}` },
    });
    await client.get(`/support-desk/portals?t=${frame.json<{ token: string }>().token}`);
    await unsubscribe('x.y');
    const session = await t.db.query<{ id: string }>(
      "select id from oidc_payloads where model = 'Session' and payload->>'accountId' = 'u-anna'",
    );
    sessionId = session.rows[0]!.id;
  }, 60_000);
  afterAll(async () => {
    await t.close();
  });

  it('has reviewed every column that could hold a secret', async () => {
    const { rows } = await t.db.query<{ name: string }>(
      `select table_name || '.' || column_name as name from information_schema.columns
        where table_schema = current_schema()
          and column_name ~ '(key|secret|token|password|hash|signature|jti|sid|payload)'
        order by 1`,
    );
    // pg-boss's tables (job, job_common, archive and job's partitions): de-duplication keys
    // per job (singleton_key; pg-boss 12's upsert_by_key).
    const unreviewed = rows
      .map((r) => r.name)
      .filter(
        (name) =>
          !(name in REVIEWED) &&
          !name.endsWith('.singleton_key') &&
          !name.endsWith('.upsert_by_key'),
      );
    expect(unreviewed).toEqual([]);
  });

  it('forges no desk cookie with what support_desk_keys holds (another user’s cases stay shut)', async () => {
    const held = await stored("select secret as value from support_desk_keys where name = 'hmac'");
    expect(held).toBeDefined();
    for (const key of candidateKeys(held))
      expect((await paulsCases(await deskCookie(key, 'u-paul'))).statusCode).toBe(401);
    // Control: the key the app decrypts does open them, so the forgery above is well made.
    const real = Buffer.from(await loadDeskSecret(t.db, kek), 'base64url');
    expect((await paulsCases(await deskCookie(real, 'u-paul'))).statusCode).toBe(200);
  });

  it('forges no unsubscribe link with what unsubscribe_keys holds', async () => {
    const held = await stored('select secret as value from unsubscribe_keys');
    expect(held).toBeDefined();
    const scope = { userId: 'u-anna', scope: 'general-news' };
    for (const key of candidateKeys(held))
      expect((await unsubscribe(signUnsubscribeToken(key, scope))).statusCode).toBe(400);
    const real = await unsubscribeKey(t.db, kek);
    expect((await unsubscribe(signUnsubscribeToken(real, scope))).statusCode).toBe(200);
  });

  it('forges no provider session cookie with what oidc_keys holds, for a session id it holds', async () => {
    const held = await stored("select value from oidc_keys where name = 'cookie-keys'");
    expect(held).toBeDefined();
    for (const key of candidateKeys(held))
      expect(await signedInWith(signedCookie(key, '_session', sessionId))).toBe(false);
    const [real] = await loadCookieKeys(t.db, undefined, kek);
    expect(await signedInWith(signedCookie(Buffer.from(real!), '_session', sessionId))).toBe(true);
  });

  it('forges no access token with what oidc_keys holds for the signing keys', async () => {
    const held = await stored("select value from oidc_keys where name = 'signing-keys'");
    expect(JSON.stringify(held)).not.toMatch(/"d"\s*:/);
    const jwks: unknown[] = [];
    const walk = (value: unknown): void => {
      if (Array.isArray(value)) value.forEach(walk);
      else if (value && typeof value === 'object') {
        if ('kty' in value && 'd' in value) jwks.push(value);
        Object.values(value).forEach(walk);
      }
    };
    walk(held);
    for (const jwk of jwks) {
      const token = await new SignJWT({ scope: 'openid' })
        .setProtectedHeader({ alg: 'RS256', typ: 'at+jwt' })
        .setSubject('u-paul')
        .setIssuer(`${t.app.env.PUBLIC_URL}/oidc`)
        .setAudience(`${t.app.env.PUBLIC_URL}/api`)
        .setIssuedAt()
        .setExpirationTime('10m')
        .sign(await importJWK(jwk as Parameters<typeof importJWK>[0], 'RS256'));
      const response = await t.app.inject({
        method: 'GET',
        url: '/api/users/me',
        headers: { authorization: `Bearer ${token}` },
      });
      expect(response.statusCode).toBe(401);
    }
  });

  it('encrypts keys an older version kept in clear at start, keeping what they signed valid', async () => {
    const desk = 'b'.repeat(43);
    const links = 'c'.repeat(43);
    const cookies = ['d'.repeat(43)];
    await t.db.query(
      "update support_desk_keys set secret = to_jsonb($1::text) where name = 'hmac'",
      [desk],
    );
    await t.db.query('update unsubscribe_keys set secret = to_jsonb($1::text)', [links]);
    await t.db.query("update oidc_keys set value = $1 where name = 'cookie-keys'", [
      JSON.stringify(cookies),
    ]);

    await sealSecretsAtRest(t.db, t.app.env); // what server.ts runs after the migrations

    const all = JSON.stringify([
      await stored("select secret as value from support_desk_keys where name = 'hmac'"),
      await stored('select secret as value from unsubscribe_keys'),
      await stored("select value from oidc_keys where name = 'cookie-keys'"),
    ]);
    for (const clear of [desk, links, cookies[0]!]) expect(all).not.toContain(clear);
    // The same keys, now decrypted: cookies and links signed before stay valid.
    expect(await loadDeskSecret(t.db, kek)).toBe(desk);
    expect((await unsubscribeKey(t.db, kek)).equals(Buffer.from(links, 'base64url'))).toBe(true);
    expect(await loadCookieKeys(t.db, undefined, kek)).toEqual(cookies);
  });

  // Last: it moves the rows to another key-encryption key and back.
  it('rotates the key-encryption key: the start re-wraps under the new key, secrets unchanged', async () => {
    const before = await loadDeskSecret(t.db, kek);
    const fresh = randomBytes(32);
    const rotated = {
      ...t.app.env,
      OIDC_KEY_ENCRYPTION_KEY: fresh.toString('base64'),
      OIDC_KEY_ENCRYPTION_OLD: kek.toString('base64'),
    };
    // A node not yet rotated (new key known, old one current) reads and leaves the row alone.
    const deskRow = "select secret as value from support_desk_keys where name = 'hmac'";
    const untouched = await stored(deskRow);
    expect(await loadDeskSecret(t.db, { current: kek, previous: [fresh] })).toBe(before);
    expect(await stored(deskRow)).toEqual(untouched);

    await sealSecretsAtRest(t.db, rotated);

    expect(await loadDeskSecret(t.db, fresh)).toBe(before);
    await expect(loadDeskSecret(t.db, kek)).rejects.toBeInstanceOf(KeyDecryptionError);
    await expect(unsubscribeKey(t.db, kek)).rejects.toBeInstanceOf(KeyDecryptionError);
    await expect(loadCookieKeys(t.db, undefined, kek)).rejects.toBeInstanceOf(KeyDecryptionError);
    // The rotated-out key still reads during the roll-out, on the node not yet rotated.
    expect(await loadDeskSecret(t.db, { current: kek, previous: [fresh] })).toBe(before);
    // Without the key that wrapped them, a start stops rather than making new secrets.
    await expect(sealSecretsAtRest(t.db, t.app.env)).rejects.toBeInstanceOf(KeyDecryptionError);

    await sealSecretsAtRest(t.db, {
      ...t.app.env,
      OIDC_KEY_ENCRYPTION_OLD: fresh.toString('base64'),
    });
    expect(await loadDeskSecret(t.db, kek)).toBe(before);
  });
});
