import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { PROBLEM_TYPES } from '@portico/contracts';
import { decodeJwt, exportJWK, generateKeyPair, SignJWT, type CryptoKey, type JWK } from 'jose';
import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../test/test-app.js';
import { bearerFor, mintToken } from '../../test/tokens.js';
import { createWhoamiApp, whoamiWith } from '../../test/whoami-app.js';
import { messages } from './auth.js';
import { appPerSuiteFrom } from '../../test/suite-app.js';
import { routeDatabaseKind } from '../../test/test-db.js';

const anna = 'anna.customer@portico.test';

describe('bearer tokens on /api (embedded issuer)', () => {
  const t = appPerSuiteFrom(() => createWhoamiApp());

  const whoami = (authorization?: string) => whoamiWith(t.app, authorization);

  function expectUnauthorized(response: Awaited<ReturnType<typeof whoami>>) {
    expect(response.statusCode).toBe(401);
    expect(response.headers['www-authenticate']).toMatch(/^Bearer\b/);
    expect(response.json()).toMatchObject({ status: 401, title: 'Unauthorized' });
    expect(response.json<{ detail: string }>().detail).not.toBe('');
  }

  it('answers 401 JSON with a Bearer challenge when no token is sent', async () => {
    const response = await whoami();
    expectUnauthorized(response);
    expect(response.json()).toEqual({
      type: 'about:blank',
      title: 'Unauthorized',
      status: 401,
      detail: 'A valid bearer token is required.',
      instance: '/api/test/whoami',
    });
  });

  it('answers 401 to another authorisation scheme', async () => {
    expectUnauthorized(
      await whoami(`Basic ${Buffer.from('anna:portico-demo').toString('base64')}`),
    );
  });

  it('answers 401 to a garbage token', async () => {
    const response = await whoami('Bearer not.a.jwt');
    expectUnauthorized(response);
    expect(response.headers['www-authenticate']).toContain('invalid_token');
  });

  it('answers 401 to an expired token', async () => {
    expectUnauthorized(
      await whoami(`Bearer ${await mintToken(t.app, anna, { expiresIn: -3600 })}`),
    );
  });

  it('answers 401 to a validly signed token without an expiry (exp)', async () => {
    const response = await whoami(`Bearer ${await mintToken(t.app, anna, { expiresIn: null })}`);
    expectUnauthorized(response);
    expect(response.json()).toMatchObject({ detail: messages.invalid });
  });

  it('answers 401 to a validly signed token whose user does not exist', async () => {
    const token = await mintToken(t.app, anna, { subject: 'u-nobody' });
    const response = await whoami(`Bearer ${token}`);
    expectUnauthorized(response);
    expect(response.json()).toMatchObject({ detail: messages.invalid });
  });

  it('answers 401 to a token issued before its user was deleted (checked on every call)', async () => {
    await t.db.query(
      `insert into users (id, email, password_hash, first_name, last_name, account_id)
       select 'u-leaver', 'leaver@portico.test', 'x', 'Lee', 'Ver', account_id from users where id = 'u-anna'`,
    );
    const bearer = `Bearer ${await mintToken(t.app, 'leaver@portico.test')}`;
    const news = () =>
      t.app.inject({ method: 'GET', url: '/api/news', headers: { authorization: bearer } });
    expect((await news()).statusCode).toBe(200);
    await t.db.query("delete from users where id = 'u-leaver'");
    const after = await news();
    expectUnauthorized(after);
    expect(after.json()).toMatchObject({ detail: messages.invalid });
  });

  it('answers 401 to a token issued in the future beyond a small clock skew', async () => {
    // Issued "later", it would outlive a revocation made before its iat (ADR 0027).
    expectUnauthorized(await whoami(`Bearer ${await mintToken(t.app, anna, { issuedIn: 600 })}`));
    expect(
      (await whoami(`Bearer ${await mintToken(t.app, anna, { issuedIn: 2 })}`)).statusCode,
    ).toBe(200);
  });

  it('accepts a sign-in in the same second as a revocation, refuses a token before it', async () => {
    // Early in a second, so the revocation, the old token and the new one share it.
    while (Date.now() % 1000 > 300) await new Promise((resolve) => setTimeout(resolve, 20));
    const before = await bearerFor(t.app, anna);
    await new Promise((resolve) => setTimeout(resolve, 5));
    await t.db.query(`update users set tokens_valid_after = now() where email = $1`, [anna]);
    await new Promise((resolve) => setTimeout(resolve, 5));
    const after = await bearerFor(t.app, anna);
    try {
      const second = (token: string) => z.object({ iat: z.number() }).parse(decodeJwt(token)).iat;
      expect(second(after)).toBe(second(before));
      expectUnauthorized(await whoami(`Bearer ${before}`));
      expect((await whoami(`Bearer ${after}`)).statusCode).toBe(200);
    } finally {
      await t.db.query(`update users set tokens_valid_after = null where email = $1`, [anna]);
    }
  });

  it('answers 401 to a token for another audience', async () => {
    const token = await mintToken(t.app, anna, { audience: 'https://other-api.example' });
    expectUnauthorized(await whoami(`Bearer ${token}`));
  });

  it('answers 401 to a token from another issuer', async () => {
    const token = await mintToken(t.app, anna, { issuer: 'https://evil.example/oidc' });
    expectUnauthorized(await whoami(`Bearer ${token}`));
  });

  it('answers 401 to a token signed with a key that is not the provider’s', async () => {
    expectUnauthorized(
      await whoami(`Bearer ${await mintToken(t.app, anna, { foreignKey: true })}`),
    );
  });

  it('answers 401 to an id token used as an access token', async () => {
    expectUnauthorized(await whoami(`Bearer ${await mintToken(t.app, anna, { typ: 'JWT' })}`));
  });

  it('accepts a well-formed token and exposes its subject as the caller', async () => {
    const response = await whoami(`Bearer ${await mintToken(t.app, anna)}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ userId: 'u-anna' });
  });

  it('accepts a token issued by the embedded provider (bearerFor)', async () => {
    const response = await whoami(`Bearer ${await bearerFor(t.app, 'paul.partner@portico.test')}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ userId: 'u-paul' });
  });

  it('lets routes marked { public: true } through without a token', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/test/open' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ caller: null });
  });

  it('leaves paths outside /api alone', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/oidc/.well-known/openid-configuration',
    });
    expect(response.statusCode).toBe(200);
  });
});

describe('bearer tokens on /api (external issuer)', () => {
  const audience = 'https://portico.example/api';
  let issuer: string;
  let server: Server;
  let privateKey: CryptoKey;
  let publicJwk: JWK;
  let t: TestApp;

  beforeAll(async () => {
    const pair = await generateKeyPair('ES256');
    privateKey = pair.privateKey;
    publicJwk = { ...(await exportJWK(pair.publicKey)), kid: 'ext-1', alg: 'ES256', use: 'sig' };
    server = createServer((request, response) => {
      response.setHeader('content-type', 'application/json');
      if (request.url === '/realm/.well-known/openid-configuration') {
        response.end(JSON.stringify({ issuer, jwks_uri: `${issuer}/certs` }));
      } else if (request.url === '/realm/certs') {
        response.end(JSON.stringify({ keys: [publicJwk] }));
      } else {
        response.statusCode = 404;
        response.end('{}');
      }
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}/realm`;
    t = await createWhoamiApp(routeDatabaseKind(), {
      OIDC_ISSUER: issuer,
      OIDC_AUDIENCE: audience,
    });
  });
  afterAll(async () => {
    await t.close();
    await new Promise((resolve) => server.close(resolve));
  });

  /** A token of the external issuer; `null` leaves the e-mail claims or the expiry out. */
  const sign = (claims: {
    iss?: string;
    aud?: string;
    exp?: number | null;
    sub?: string;
    email?: string | null;
    verified?: boolean;
  }) => {
    const jwt = new SignJWT(
      claims.email === null
        ? {}
        : {
            email: claims.email ?? 'nina.basic@portico.test',
            email_verified: claims.verified ?? true,
          },
    )
      .setProtectedHeader({ alg: 'ES256', kid: 'ext-1', typ: 'JWT' })
      .setSubject(claims.sub ?? 'ext-subject-nina')
      .setIssuer(claims.iss ?? issuer)
      .setAudience(claims.aud ?? audience)
      .setIssuedAt();
    if (claims.exp !== null)
      jwt.setExpirationTime(claims.exp ?? Math.floor(Date.now() / 1000) + 600);
    return jwt.sign(privateKey);
  };

  const whoami = (token: string) => whoamiWith(t.app, `Bearer ${token}`);

  it('does not mount the embedded provider', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/oidc/.well-known/openid-configuration',
    });
    expect(response.statusCode).not.toBe(200);
  });

  it('verifies tokens with the keys published at the issuer’s jwks_uri', async () => {
    const response = await whoami(await sign({}));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ userId: 'u-nina' });
  });

  it('rejects a token of the external issuer without an expiry (exp)', async () => {
    const token = await sign({ sub: 'u-nina', email: null, exp: null });
    expect((await whoami(token)).statusCode).toBe(401);
  });

  it('refuses a token of the external issuer for a user that does not exist (403, not linked)', async () => {
    const token = await sign({ sub: 'u-nobody', email: null });
    const response = await whoami(token);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ type: PROBLEM_TYPES.identityNotLinked });
  });

  it('links an external subject to the user of its verified e-mail, once (ADR 0029)', async () => {
    // A Pending user signing in with their company account becomes Active.
    await t.db.query(`update users set status = 'Pending' where id = 'u-northwind-006'`);
    const { rows } = await t.db.query<{ email: string }>(
      `select email from users where id = 'u-northwind-006'`,
    );
    const email = rows[0]?.email ?? '';
    const first = await whoami(await sign({ sub: 'okta|42', email: email.toUpperCase() }));
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ userId: 'u-northwind-006' });
    const status = await t.db.query<{ status: string }>(
      `select status from users where id = 'u-northwind-006'`,
    );
    expect(status.rows[0]?.status).toBe('Active');
    // Linked: later tokens of that subject need no e-mail at all.
    const again = await whoami(await sign({ sub: 'okta|42', email: 'someone@else.test' }));
    expect(again.json()).toEqual({ userId: 'u-northwind-006' });
  });

  it('refuses tokens that match no user, or whose e-mail is not verified, with a clear 403', async () => {
    // 403 with its own code, not 401: signing in again would bring the same identity back.
    const unknown = await whoami(await sign({ sub: 'okta|7', email: 'nobody@nowhere.test' }));
    expect(unknown.statusCode).toBe(403);
    expect(unknown.headers['content-type']).toBe('application/problem+json; charset=utf-8');
    expect(unknown.json()).toEqual({
      type: PROBLEM_TYPES.identityNotLinked,
      title: 'No Portico user for this identity',
      status: 403,
      detail: messages.notLinked,
      instance: '/api/test/whoami',
    });
    const unverified = await whoami(
      await sign({ sub: 'okta|8', email: 'anna.customer@portico.test', verified: false }),
    );
    expect(unverified.statusCode).toBe(403);
    // A subject that happens to equal a Portico user id is not that user.
    expect((await whoami(await sign({ sub: 'u-anna', email: 'x@y.test' }))).statusCode).toBe(403);
  });

  it('refuses a linked identity whose user was deactivated with the same 403', async () => {
    const { rows } = await t.db.query<{ email: string }>(
      `select email from users where id = 'u-northwind-007'`,
    );
    const email = rows[0]?.email ?? '';
    await t.db.query(`update users set status = 'Active' where id = 'u-northwind-007'`);
    const token = await sign({ sub: 'okta|77', email });
    expect((await whoami(token)).json()).toEqual({ userId: 'u-northwind-007' });
    await t.db.query(`update users set status = 'Inactive' where id = 'u-northwind-007'`);
    const refused = await whoami(await sign({ sub: 'okta|77', email }));
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ type: PROBLEM_TYPES.identityNotLinked });
  });

  it('rejects tokens of the external issuer with the wrong audience, issuer or expiry', async () => {
    expect((await whoami(await sign({ aud: 'http://localhost:8080/api' }))).statusCode).toBe(401);
    expect((await whoami(await sign({ iss: 'https://evil.example/realm' }))).statusCode).toBe(401);
    expect(
      (await whoami(await sign({ exp: Math.floor(Date.now() / 1000) - 3600 }))).statusCode,
    ).toBe(401);
  });
});
