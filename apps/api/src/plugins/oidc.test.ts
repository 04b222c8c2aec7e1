import { createHash } from 'node:crypto';
import {
  createLocalJWKSet,
  decodeJwt,
  decodeProtectedHeader,
  jwtVerify,
  type JSONWebKeySet,
} from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { loadEnv } from '../config/env.js';
import {
  authorizeUrl,
  browser,
  exchangeCode,
  follow,
  pkcePair,
  signInThroughProvider,
} from '../../test/oidc-flow.js';
import { testEnvSource, type TestApp } from '../../test/test-app.js';
import { databaseKinds } from '../../test/test-db.js';
import { createWhoamiApp, whoamiWith } from '../../test/whoami-app.js';

const PUBLIC_URL = 'http://localhost:8080';
const anna = { email: 'anna.customer@portico.test', password: 'portico-demo' };

interface TokenResponse {
  access_token: string;
  id_token: string;
  token_type: string;
  expires_in: number;
  scope: string;
}

function atHash(accessToken: string): string {
  const digest = createHash('sha256').update(accessToken).digest();
  return digest.subarray(0, digest.length / 2).toString('base64url');
}

describe.each(databaseKinds())(
  'the embedded OpenID Connect provider over %s (issue 2 §3)',
  (kind) => {
    let t: TestApp;
    let jwks: JSONWebKeySet;

    beforeAll(async () => {
      t = await createWhoamiApp(kind);
      jwks = (await t.app.inject({ method: 'GET', url: '/oidc/jwks' })).json<JSONWebKeySet>();
    });
    afterAll(async () => {
      await t.close();
    });

    const whoami = (accessToken: string) => whoamiWith(t.app, `Bearer ${accessToken}`);

    it('publishes a discovery document with the issuer under PUBLIC_URL/oidc', async () => {
      const response = await t.app.inject({
        method: 'GET',
        url: '/oidc/.well-known/openid-configuration',
        headers: { host: 'localhost:8080' },
      });
      expect(response.statusCode).toBe(200);
      const discovery = response.json<Record<string, unknown>>();
      expect(discovery).toMatchObject({
        issuer: `${PUBLIC_URL}/oidc`,
        authorization_endpoint: `${PUBLIC_URL}/oidc/auth`,
        token_endpoint: `${PUBLIC_URL}/oidc/token`,
        jwks_uri: `${PUBLIC_URL}/oidc/jwks`,
        end_session_endpoint: `${PUBLIC_URL}/oidc/session/end`,
        code_challenge_methods_supported: ['S256'],
      });
      expect(discovery.response_types_supported).toEqual(
        expect.arrayContaining(['code', 'id_token token']),
      );
      expect(discovery.scopes_supported).toEqual(
        expect.arrayContaining(['openid', 'profile', 'email']),
      );
    });

    it('publishes one RS256 public key and no private parts', () => {
      expect(jwks.keys).toHaveLength(1);
      const [key] = jwks.keys;
      expect(key).toMatchObject({ kty: 'RSA', alg: 'RS256', use: 'sig' });
      expect(key?.kid).toBeTruthy();
      expect(key).not.toHaveProperty('d');
      expect(key).not.toHaveProperty('p');
    });

    it('signs in with authorization code + PKCE and issues a JWT access token the API accepts', async () => {
      const client = browser(t.app);
      const { verifier, challenge } = pkcePair();
      const state = Buffer.from('/news?page=2').toString('base64');
      const callback = await signInThroughProvider(client, t.app, {
        responseType: 'code',
        codeChallenge: challenge,
        state,
        ...anna,
      });
      expect(`${callback.origin}${callback.pathname}`).toBe(`${PUBLIC_URL}/state-redirect`);
      expect(callback.searchParams.get('state')).toBe(state);
      expect(callback.searchParams.get('iss')).toBe(`${PUBLIC_URL}/oidc`);
      const code = callback.searchParams.get('code');
      expect(code).toBeTruthy();

      const exchange = (codeVerifier: string) => exchangeCode(t.app, code!, codeVerifier);

      const wrongVerifier = await exchange(pkcePair().verifier);
      expect(wrongVerifier.statusCode).toBe(400);
      expect(wrongVerifier.json()).toMatchObject({ error: 'invalid_grant' });

      const response = await exchange(verifier);
      expect(response.statusCode).toBe(200);
      expect(response.headers['access-control-allow-origin']).toBe(PUBLIC_URL);
      const tokens = response.json<TokenResponse>();
      expect(tokens.token_type).toBe('Bearer');
      expect(tokens.expires_in).toBeGreaterThan(3500);
      expect(tokens.expires_in).toBeLessThanOrEqual(3600);

      expect(decodeProtectedHeader(tokens.access_token)).toMatchObject({
        alg: 'RS256',
        typ: 'at+jwt',
      });
      expect(decodeJwt(tokens.access_token)).toMatchObject({
        iss: `${PUBLIC_URL}/oidc`,
        aud: `${PUBLIC_URL}/api`,
        sub: 'u-anna',
        client_id: 'portico-spa',
      });

      const { payload: idToken } = await jwtVerify(tokens.id_token, createLocalJWKSet(jwks), {
        issuer: `${PUBLIC_URL}/oidc`,
        audience: 'portico-spa',
      });
      expect(idToken).toMatchObject({
        sub: 'u-anna',
        email: 'anna.customer@portico.test',
        given_name: 'Anna',
        family_name: 'Lindqvist',
        name: 'Anna Lindqvist',
      });

      const api = await whoami(tokens.access_token);
      expect(api.statusCode).toBe(200);
      expect(api.json()).toEqual({ userId: 'u-anna' });
    });

    it('refuses an authorisation request for the code flow without PKCE', async () => {
      const client = browser(t.app);
      const response = await client.get(authorizeUrl(t.app, { responseType: 'code' }));
      expect(response.statusCode).toBe(303);
      const location = new URL(String(response.headers.location));
      expect(location.pathname).toBe('/state-redirect');
      expect(location.searchParams.get('error')).toBe('invalid_request');
    });

    it('signs in with the implicit flow: id_token and access_token in the fragment', async () => {
      const client = browser(t.app);
      const nonce = 'n-0S6_WzA2Mj';
      const state = Buffer.from('/news').toString('base64');
      const callback = await signInThroughProvider(client, t.app, {
        responseType: 'id_token token',
        nonce,
        state,
        ...anna,
      });
      expect(callback.search).toBe('');
      const fragment = new URLSearchParams(callback.hash.slice(1));
      expect(fragment.get('state')).toBe(state);
      expect(fragment.get('token_type')).toBe('Bearer');
      const accessToken = fragment.get('access_token')!;
      const { payload } = await jwtVerify(fragment.get('id_token')!, createLocalJWKSet(jwks), {
        issuer: `${PUBLIC_URL}/oidc`,
        audience: 'portico-spa',
      });
      expect(payload.nonce).toBe(nonce);
      expect(payload.at_hash).toBe(atHash(accessToken));
      expect(payload.sub).toBe('u-anna');

      const api = await whoami(accessToken);
      expect(api.statusCode).toBe(200);
      expect(api.json()).toEqual({ userId: 'u-anna' });
    });

    it('does not ask again while the provider session lasts (no consent screen)', async () => {
      const client = browser(t.app);
      await signInThroughProvider(client, t.app, {
        responseType: 'code',
        codeChallenge: pkcePair().challenge,
        ...anna,
      });
      const again = await follow(
        client,
        await client.get(
          authorizeUrl(t.app, { responseType: 'code', codeChallenge: pkcePair().challenge }),
        ),
      );
      expect(again.statusCode).toBe(303);
      expect(new URL(String(again.headers.location)).searchParams.get('code')).toBeTruthy();
    });

    it('ends the session with id_token_hint and returns to the registered address', async () => {
      const client = browser(t.app);
      const callback = await signInThroughProvider(client, t.app, {
        responseType: 'id_token token',
        ...anna,
      });
      const idToken = new URLSearchParams(callback.hash.slice(1)).get('id_token')!;

      const query = new URLSearchParams({
        id_token_hint: idToken,
        post_logout_redirect_uri: `${PUBLIC_URL}/login`,
      });
      const confirm = await client.get(`/oidc/session/end?${query.toString()}`);
      expect(confirm.statusCode).toBe(200);
      expect(confirm.body).toContain('Sign out of Portico?');
      expect(confirm.body).toContain('<script src="/oidc/assets/logout.js" defer=""></script>');
      expect(confirm.body).not.toMatch(/<script>/);
      const action = /<form id="op.logoutForm" [^>]*action="([^"]+)"/.exec(confirm.body)?.[1];
      const xsrf = /name="xsrf" value="([^"]+)"/.exec(confirm.body)?.[1];
      expect(action).toBe(`${PUBLIC_URL}/oidc/session/end/confirm`);

      const done = await client.postForm(action!, { xsrf: xsrf!, logout: 'yes' });
      expect(done.statusCode).toBe(303);
      expect(done.headers.location).toBe(`${PUBLIC_URL}/login`);
      // The support desk's session in this browser ends with the portal's (ADR 0005).
      const cleared = [done.headers['set-cookie'] ?? []].flat();
      expect(cleared).toContainEqual(
        expect.stringMatching(/^portico_desk=; Path=\/support-desk; Max-Age=0; HttpOnly/),
      );
      expect(cleared.some((c) => c.startsWith('_session='))).toBe(true);

      const afterLogout = await follow(
        client,
        await client.get(
          authorizeUrl(t.app, { responseType: 'code', codeChallenge: pkcePair().challenge }),
        ),
      );
      expect(afterLogout.statusCode).toBe(200);
      expect(afterLogout.body).toContain('<label for="password">Password</label>');
    });

    it('shows its own error page for a redirect address that is not registered', async () => {
      const url = authorizeUrl(t.app, {
        responseType: 'code',
        scope: 'openid',
        redirectUri: 'https://evil.example/callback',
        codeChallenge: pkcePair().challenge,
      });
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(400);
      expect(response.headers.location).toBeUndefined();
      expect(response.body).toContain('<h1>Sign-in failed</h1>');
      expect(response.body).toContain('redirect_uri');
      expect(response.body).not.toMatch(/<style|<script/);
    });

    it('answers a NUL in a client id or a code as the client error it is, not a 500', async () => {
      const auth = await t.app.inject({
        method: 'GET',
        url: '/oidc/auth?client_id=%00&response_type=code&scope=openid&redirect_uri=x',
      });
      expect(auth.statusCode).toBe(400);
      expect(auth.body).toContain('<h1>Sign-in failed</h1>');

      const token = await t.app.inject({
        method: 'POST',
        url: '/oidc/token',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({
          grant_type: 'authorization_code',
          client_id: 'portico-spa',
          code: 'a\u0000b',
          code_verifier: pkcePair().verifier,
          redirect_uri: 'http://localhost/state-redirect',
        }).toString(),
      });
      expect(token.statusCode).toBe(400);
      expect(token.json()).toMatchObject({ error: 'invalid_grant' });
    });

    it('keeps its signing key across restarts, so issued tokens stay valid', async () => {
      const client = browser(t.app);
      const callback = await signInThroughProvider(client, t.app, {
        responseType: 'id_token token',
        ...anna,
      });
      const accessToken = new URLSearchParams(callback.hash.slice(1)).get('access_token')!;

      const restarted = await buildApp({ env: loadEnv(testEnvSource()), db: t.db, ready: true });
      restarted.get('/api/test/whoami', (request) => ({ userId: request.caller?.userId ?? null }));
      try {
        const keys = (
          await restarted.inject({ method: 'GET', url: '/oidc/jwks' })
        ).json<JSONWebKeySet>();
        expect(keys).toEqual(jwks);
        const response = await restarted.inject({
          method: 'GET',
          url: '/api/test/whoami',
          headers: { authorization: `Bearer ${accessToken}` },
        });
        expect(response.json()).toEqual({ userId: 'u-anna' });
      } finally {
        await restarted.close();
      }
    });
  },
);
