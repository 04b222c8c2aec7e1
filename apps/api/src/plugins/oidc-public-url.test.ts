// Issue 34: every absolute address the provider writes comes from PUBLIC_URL, whatever Host or
// X-Forwarded-Host said, and under an https PUBLIC_URL every cookie is Secure, whatever the
// request's protocol looked like (ADR 0060).
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import {
  browser,
  follow,
  signInThroughProvider,
  type Browser,
  signInAsSpa,
} from '../../test/oidc-flow.js';
import { routeDatabaseKinds } from '../../test/test-db.js';
import { appPerSuite } from '../../test/suite-app.js';

const anna = { email: 'anna.customer@portico.test', password: 'portico-demo' };

function setCookiesOf(response: LightMyRequestResponse): string[] {
  const header = response.headers['set-cookie'];
  return header === undefined ? [] : [header].flat();
}

/** A browser that also keeps every Set-Cookie it was sent. */
function recordingBrowser(app: FastifyInstance, headers: Record<string, string> = {}) {
  const client = browser(app);
  const seen: string[] = [];
  const request: Browser['request'] = async (options) => {
    const response = await client.request({
      ...options,
      headers: { ...headers, ...options.headers },
    });
    seen.push(...setCookiesOf(response));
    return response;
  };
  const recording: Browser = { ...client, request };
  return { client: recording, seen };
}

/**
 * The end-session page's form address (the provider's own confirmation endpoint): our page
 * with a session, the provider's self-posting form without one.
 */
function formAction(page: LightMyRequestResponse): string | undefined {
  return /<form [^>]*action="([^"]+)"/.exec(page.body)?.[1];
}

describe.each(routeDatabaseKinds())('PUBLIC_URL https over %s: every cookie is Secure', (kind) => {
  const t = appPerSuite(kind, { PUBLIC_URL: 'https://portal.example' });

  it('marks the provider’s and the app’s cookies Secure on a request without X-Forwarded-Proto', async () => {
    // Plain http to the node (a proxy that sends no X-Forwarded-Proto, or TRUST_PROXY unset).
    const { client, seen } = recordingBrowser(t.app);
    const { accessToken, idToken } = await signInAsSpa(t.app, client);
    const bearer = { authorization: `Bearer ${accessToken}` };

    // The app's own cookies: the first paint's and the support desk's.
    await client.request({ method: 'PUT', url: '/api/session/first-paint', headers: bearer });
    const frame = await client.request({
      method: 'GET',
      url: '/api/support/frame-token',
      headers: bearer,
    });
    await client.get(`/support-desk/portals?t=${frame.json<{ token: string }>().token}`);

    // And the provider's sign-out, which clears them.
    const end = await client.get(
      `/oidc/session/end?${new URLSearchParams({ id_token_hint: idToken }).toString()}`,
    );
    const xsrf = /name="xsrf" value="([^"]+)"/.exec(end.body)?.[1];
    await client.postForm(formAction(end)!, { xsrf: xsrf!, logout: 'yes' });

    const names = new Set(seen.map((cookie) => cookie.split('=', 1)[0]));
    for (const name of ['_interaction', '_interaction_resume', '_session', 'portico_desk'])
      expect(names, name).toContain(name);
    expect(names).toContain('portico-first-paint');
    expect(names).toContain('portico_known_device');
    for (const cookie of seen) expect(cookie, cookie).toMatch(/;\s*secure(;|$)/i);
  }, 60_000);

  it('writes https://PUBLIC_URL addresses on a plain http request', async () => {
    const page = await t.app.inject({
      method: 'GET',
      url: '/oidc/session/end',
      headers: { host: 'portal.example' },
    });
    expect(page.statusCode).toBe(200);
    expect(formAction(page)).toBe('https://portal.example/oidc/session/end/confirm');
  });
});

describe.each(routeDatabaseKinds())('a forged Host over %s (issue 34)', (kind) => {
  const t = appPerSuite(kind, { TRUST_PROXY: '10.0.0.0/8' });

  const forgeries: [string, string, Record<string, string>][] = [
    ['Host', '203.0.113.7', { host: 'evil.test' }],
    ['Host with a port', '203.0.113.7', { host: 'evil.test:8080' }],
    ['X-Forwarded-Host from an untrusted peer', '203.0.113.7', { 'x-forwarded-host': 'evil.test' }],
    // Even a trusted proxy names no other host: PUBLIC_URL is the portal's address.
    ['X-Forwarded-Host from the trusted proxy', '10.1.2.3', { 'x-forwarded-host': 'evil.test' }],
  ];

  for (const [what, peer, headers] of forgeries) {
    it(`keeps ${what} out of the end-session form, discovery and sign-in redirects`, async () => {
      /** GET `url` from that peer with the forged headers. */
      const forged = (url: string) =>
        t.app.inject({
          method: 'GET',
          url,
          remoteAddress: peer,
          headers: { host: 'localhost:8080', ...headers },
        });
      const end = await forged('/oidc/session/end');
      expect(end.statusCode).toBe(200);
      expect(formAction(end)).toBe('http://localhost:8080/oidc/session/end/confirm');
      expect(end.body).not.toContain('evil.test');

      const discovery = await forged('/oidc/.well-known/openid-configuration');
      expect(discovery.statusCode).toBe(200);
      expect(discovery.body).not.toContain('evil.test');

      // A whole sign-in from that peer: no page, no redirect names the forged host.
      const { client, seen } = recordingBrowser(t.app, headers);
      const locations: string[] = [];
      const request: Browser['request'] = async (options) => {
        const response = await client.request({ ...options, remoteAddress: peer });
        if (typeof response.headers.location === 'string')
          locations.push(response.headers.location);
        expect(response.body, options.url).not.toContain('evil.test');
        return response;
      };
      const callback = await signInThroughProvider({ ...client, request }, t.app, {
        responseType: 'code',
        codeChallenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
        ...anna,
      });
      expect(callback.origin).toBe('http://localhost:8080');
      expect(locations.length).toBeGreaterThan(1);
      for (const location of locations) expect(location, location).not.toContain('evil.test');
      for (const cookie of seen) expect(cookie, cookie).not.toMatch(/domain=/i);
    }, 60_000);
  }

  it('still follows a loopback name of a loopback PUBLIC_URL (ADR 0014)', async () => {
    const client = browser(t.app);
    const page = await follow(
      client,
      await client.request({
        method: 'GET',
        url: '/oidc/session/end',
        headers: { host: '127.0.0.1:8080' },
      }),
    );
    expect(formAction(page)).toBe('http://127.0.0.1:8080/oidc/session/end/confirm');
  });
});
