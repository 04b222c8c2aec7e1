// Forwarded headers and the provider's public metadata (issue 11, part 3; ADR 0015), and the
// loopback names of the portal as redirect addresses (issue 11, part 1; ADR 0014).
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { loadEnv } from '../config/env.js';
import { authorizeUrl, browser, exchangeCode, follow, pkcePair } from '../../test/oidc-flow.js';
import { createTestApp, testEnvSource } from '../../test/test-app.js';
import { appPerSuite } from '../../test/suite-app.js';
import { routeDatabaseKind } from '../../test/test-db.js';

const anna = 'anna.customer@portico.test';

interface Discovery {
  issuer: string;
  authorization_endpoint: string;
  token_endpoint: string;
  end_session_endpoint: string;
  jwks_uri: string;
}

function discovery(
  app: FastifyInstance,
  remoteAddress: string,
  headers: Record<string, string>,
): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'GET',
    url: '/oidc/.well-known/openid-configuration',
    remoteAddress,
    headers: { host: 'localhost:8080', ...headers },
  });
}

const forged = { 'x-forwarded-host': 'evil.com', 'x-forwarded-proto': 'https' };

/** Opens a sign-in page and posts a wrong password, as `socket` forwarding for `client`. */
async function wrongPassword(app: FastifyInstance, socket: string, client?: string) {
  const forwarded: Record<string, string> = client ? { 'x-forwarded-for': client } : {};
  const jar = browser(app, socket);
  const url = authorizeUrl(app, { responseType: 'code', codeChallenge: pkcePair().challenge });
  const page = await follow(jar, await jar.request({ method: 'GET', url, headers: forwarded }));
  const action = /<form [^>]*action="([^"]+)"/.exec(page.body)?.[1];
  if (!action) throw new Error(`no sign-in form: ${page.statusCode} ${page.body}`);
  const response = await jar.request({
    method: 'POST',
    url: action,
    headers: { ...forwarded, 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ email: anna, password: 'wrong' }).toString(),
  });
  return response.statusCode;
}

describe('TRUST_PROXY unset (the default): forwarded headers are nobody’s word', () => {
  const t = appPerSuite();

  it('advertises its own address whatever X-Forwarded-Host says, with a cache policy', async () => {
    const response = await discovery(t.app, '203.0.113.7', forged);
    expect(response.statusCode).toBe(200);
    const doc = response.json<Discovery>();
    expect(doc.issuer).toBe('http://localhost:8080/oidc');
    expect(doc.authorization_endpoint).toBe('http://localhost:8080/oidc/auth');
    expect(doc.token_endpoint).toBe('http://localhost:8080/oidc/token');
    expect(doc.end_session_endpoint).toBe('http://localhost:8080/oidc/session/end');
    expect(doc.jwks_uri).toBe('http://localhost:8080/oidc/jwks');
    expect(response.body).not.toContain('evil.com');
    expect(response.headers['cache-control']).toBe('public, max-age=300');
  });

  it('never reflects the Host header into the publicly cached discovery document (issue 23 §8)', async () => {
    for (const host of ['evil.example', 'evil.example:8080', '127.0.0.1:8080', '[::1]:8080']) {
      const response = await discovery(t.app, '203.0.113.7', { host });
      expect(response.statusCode, host).toBe(200);
      const doc = response.json<Discovery>();
      expect(doc.authorization_endpoint, host).toBe('http://localhost:8080/oidc/auth');
      expect(doc.token_endpoint, host).toBe('http://localhost:8080/oidc/token');
      expect(doc.end_session_endpoint, host).toBe('http://localhost:8080/oidc/session/end');
      expect(doc.jwks_uri, host).toBe('http://localhost:8080/oidc/jwks');
      expect(response.body, host).not.toContain('evil.example');
      expect(response.headers['cache-control'], host).toBe('public, max-age=300');
    }
  });

  it('gives the JWKS the same cache policy, and keeps no-store on tokens', async () => {
    const jwks = await t.app.inject({ method: 'GET', url: '/oidc/jwks' });
    expect(jwks.statusCode).toBe(200);
    expect(jwks.headers['cache-control']).toBe('public, max-age=300');
    const token = await t.app.inject({
      method: 'POST',
      url: '/oidc/token',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'grant_type=authorization_code&client_id=portico-spa&code=nope',
    });
    expect(token.statusCode).toBe(400);
    expect(token.headers['cache-control']).toBe('no-store');
  });

  it('rate-limits the connecting address, however X-Forwarded-For rotates', async () => {
    for (let i = 0; i < 5; i += 1)
      expect(await wrongPassword(t.app, '198.51.100.77', `192.0.2.${i + 1}`)).toBe(422);
    expect(await wrongPassword(t.app, '198.51.100.77', '192.0.2.99')).toBe(429);
  }, 120_000);
});

describe('TRUST_PROXY=10.0.0.0/8: forwarded headers from that proxy only', () => {
  const t = appPerSuite(routeDatabaseKind(), { TRUST_PROXY: '10.0.0.0/8' });

  it('advertises PUBLIC_URL in discovery, even for a host the proxy forwards (issue 23 §8)', async () => {
    // Cached publicly: one caller's host must not reach everybody (ADR 0015, addendum).
    const response = await discovery(t.app, '10.1.2.3', {
      'x-forwarded-host': 'portal.example',
      'x-forwarded-proto': 'https',
      'x-forwarded-for': '203.0.113.8',
    });
    const doc = response.json<Discovery>();
    expect(doc.authorization_endpoint).toBe('http://localhost:8080/oidc/auth');
    expect(doc.token_endpoint).toBe('http://localhost:8080/oidc/token');
    expect(doc.issuer).toBe('http://localhost:8080/oidc'); // fixed, whatever the request
    expect(response.body).not.toContain('portal.example');
  });

  it('ignores the same headers from anybody else', async () => {
    const response = await discovery(t.app, '203.0.113.7', forged);
    const doc = response.json<Discovery>();
    expect(doc.authorization_endpoint).toBe('http://localhost:8080/oidc/auth');
    expect(response.body).not.toContain('evil.com');
  });

  it('rate-limits each client behind the proxy on its own (the forwarded address)', async () => {
    for (let i = 0; i < 5; i += 1)
      expect(await wrongPassword(t.app, '10.0.0.1', '192.0.2.1')).toBe(422);
    expect(await wrongPassword(t.app, '10.0.0.1', '192.0.2.1')).toBe(429);
    expect(await wrongPassword(t.app, '10.0.0.1', '192.0.2.2')).toBe(422);
  }, 120_000);
});

describe('TRUST_PROXY values', () => {
  const parse = (value: string) => loadEnv(testEnvSource({ TRUST_PROXY: value })).TRUST_PROXY;

  it('is off unless set, and takes addresses, ranges, names, a hop count or true', () => {
    expect(loadEnv(testEnvSource()).TRUST_PROXY).toBe(false);
    expect(parse('')).toBe(false);
    expect(parse('false')).toBe(false);
    expect(parse('0')).toBe(false);
    expect(parse('true')).toBe(true);
    expect(parse('10.0.0.1, 192.168.0.0/16,::1,fd00::/8,loopback')).toEqual([
      '10.0.0.1',
      '192.168.0.0/16',
      '::1',
      'fd00::/8',
      'loopback',
    ]);
    const hops = parse('2');
    expect(typeof hops).toBe('function');
    if (typeof hops === 'function')
      expect([hops('x', 0), hops('x', 1), hops('x', 2)]).toEqual([true, true, false]);
  });

  it('stops the server at start-up for anything else', () => {
    for (const bad of ['evil.com', '10.0.0.0/33', 'yes', '10.0.0.1,,']) {
      expect(() => parse(bad), bad).toThrow(/Invalid environment: TRUST_PROXY/);
    }
  });
});

describe('the portal opened under another loopback name (issue 11, part 1)', () => {
  const t = appPerSuite();

  /** The SPA's authorisation request with its callback at `redirectUri`. */
  const authorize = (redirectUri: string, challenge: string) =>
    authorizeUrl(t.app, {
      responseType: 'code',
      redirectUri,
      nonce: 'n-1',
      codeChallenge: challenge,
    });

  for (const origin of ['http://127.0.0.1:8080', 'http://[::1]:8080']) {
    it(`signs in from ${origin}: redirect back there, and the token call from there`, async () => {
      const client = browser(t.app);
      const { verifier, challenge } = pkcePair();
      const page = await follow(
        client,
        await client.get(authorize(`${origin}/state-redirect`, challenge)),
      );
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('<h1>Sign in to Portico</h1>');
      const action = /<form [^>]*action="([^"]+)"/.exec(page.body)![1]!;
      const callback = await follow(
        client,
        await client.postForm(action, { email: anna, password: 'portico-demo' }),
      );
      const location = new URL(String(callback.headers.location));
      expect(`${location.origin}${location.pathname}`).toBe(`${origin}/state-redirect`);

      const token = await exchangeCode(t.app, location.searchParams.get('code')!, verifier, origin);
      expect(token.statusCode).toBe(200);
      expect(token.headers['access-control-allow-origin']).toBe(origin);
    }, 60_000);
  }

  it('lets the sign-in form redirect to every loopback name (CSP form-action covers redirects)', async () => {
    const client = browser(t.app);
    const page = await follow(
      client,
      await client.get(authorize('http://127.0.0.1:8080/state-redirect', pkcePair().challenge)),
    );
    expect(page.statusCode).toBe(200);
    const csp = String(page.headers['content-security-policy']);
    const formAction = /form-action ([^;]*)/.exec(csp)?.[1]?.split(' ');
    // CSP has no IPv6 literals (Chrome drops `http://[::1]:8080` as invalid): [::1] is
    // allowed by its scheme, and no source is one a browser would ignore.
    expect(formAction).toEqual([
      "'self'",
      'http://localhost:8080',
      'http://127.0.0.1:8080',
      'http:',
    ]);
  });

  it('still refuses other hosts', async () => {
    for (const redirect of [
      'http://evil.com:8080/state-redirect',
      'http://localhost.evil.com:8080/state-redirect',
      'https://127.0.0.1:8080/state-redirect',
    ]) {
      const response = await t.app.inject({
        method: 'GET',
        url: authorize(redirect, pkcePair().challenge),
      });
      expect(response.statusCode, redirect).toBe(400);
      expect(response.body).toContain('redirect_uri');
    }
  });

  it('adds no loopback names when PUBLIC_URL is not a loopback address', async () => {
    const remote = await createTestApp(routeDatabaseKind(), {
      PUBLIC_URL: 'https://portal.example',
    });
    try {
      const response = await remote.app.inject({
        method: 'GET',
        url: authorize('http://127.0.0.1:8080/state-redirect', pkcePair().challenge),
        headers: { host: 'portal.example' },
      });
      expect(response.statusCode).toBe(400);
      expect(response.body).toContain('redirect_uri');
    } finally {
      await remote.close();
    }
  });
});
