// Issue 34: the desk's session ends with the portal's on the server, whichever sign-out runs.
// A copy of the desk cookie (another browser, a stolen header) is refused once the provider's
// end-session alone has run, without the app's extra call to the desk's sign-out (ADR 0060).
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { browser, signInThroughProvider, type Browser } from '../../../test/oidc-flow.js';
import { appPerSuite } from '../../../test/suite-app.js';
import { routeDatabaseKinds } from '../../../test/test-db.js';

const anna = { email: 'anna.customer@portico.test', password: 'portico-demo' };

interface Portal {
  client: Browser;
  accessToken: string;
  idToken: string;
}

describe.each(routeDatabaseKinds())('the desk session and the portal session over %s', (kind) => {
  const t = appPerSuite(kind);

  /** A browser signed in to the portal through the provider, as the SPA does. */
  const signIn = async (): Promise<Portal> => {
    const client = browser(t.app);
    const callback = await signInThroughProvider(client, t.app, {
      responseType: 'id_token token',
      ...anna,
    });
    const fragment = new URLSearchParams(callback.hash.slice(1));
    return {
      client,
      accessToken: fragment.get('access_token')!,
      idToken: fragment.get('id_token')!,
    };
  };

  const frameToken = async ({ accessToken }: Portal): Promise<string> => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/support/frame-token',
      headers: { authorization: `Bearer ${accessToken}` },
    });
    expect(response.statusCode).toBe(200);
    return response.json<{ token: string }>().token;
  };

  /** Opens the desk in the portal's browser; returns a copy of its cookie. */
  const openDesk = async (portal: Portal): Promise<string> => {
    const swap = await portal.client.get(`/support-desk/track-cases?t=${await frameToken(portal)}`);
    expect(swap.statusCode).toBe(303);
    const cookie = [swap.headers['set-cookie'] ?? []]
      .flat()
      .find((c) => c.startsWith('portico_desk='));
    return cookie!.split(';', 1)[0]!;
  };

  /** The desk page asked with nothing but `cookie` (a copy, in another browser). */
  const withCopy = (cookie: string): Promise<LightMyRequestResponse> =>
    t.app.inject({ method: 'GET', url: '/support-desk/track-cases', headers: { cookie } });

  /** Only the provider's end-session, as a browser runs it (no call to the desk's sign-out). */
  const providerSignOut = async (portal: Portal, logout: boolean): Promise<void> => {
    const query = new URLSearchParams({ id_token_hint: portal.idToken });
    const page = await portal.client.get(`/oidc/session/end?${query.toString()}`);
    const action = /<form [^>]*action="([^"]+)"/.exec(page.body)?.[1];
    const xsrf = /name="xsrf" value="([^"]+)"/.exec(page.body)?.[1];
    const done = await portal.client.postForm(action!, {
      xsrf: xsrf!,
      ...(logout ? { logout: 'yes' } : {}),
    });
    expect(done.statusCode).toBe(303);
  };

  for (const [how, logout] of [
    ['signs out of the provider', true],
    ['leaves the portal but stays signed in at the provider', false],
  ] as const) {
    it(`refuses a copied desk cookie once the user ${how}`, async () => {
      const portal = await signIn();
      const copy = await openDesk(portal);
      expect((await withCopy(copy)).statusCode).toBe(200);

      await providerSignOut(portal, logout);

      const after = await withCopy(copy);
      expect(after.statusCode).toBe(401);
      expect(after.body).not.toContain('CS00');
    }, 60_000);
  }

  it('opens no desk with a frame token fetched before the provider’s sign-out', async () => {
    const portal = await signIn();
    const token = await frameToken(portal);
    await providerSignOut(portal, true);
    const swap = await t.app.inject({ method: 'GET', url: `/support-desk/track-cases?t=${token}` });
    expect(swap.statusCode).toBe(401);
    expect(swap.headers['set-cookie']).toBeUndefined();
  }, 60_000);

  it('keeps the desk of another sign-in of the same user open', async () => {
    const first = await signIn();
    const second = await signIn();
    const copy = await openDesk(second);
    await providerSignOut(first, true);
    expect((await withCopy(copy)).statusCode).toBe(200);
  }, 60_000);

  it('refuses a copied desk cookie after sign out everywhere', async () => {
    const portal = await signIn();
    const copy = await openDesk(portal);
    const everywhere = await t.app.inject({
      method: 'POST',
      url: '/api/users/me/sign-out-everywhere',
      headers: { authorization: `Bearer ${portal.accessToken}` },
    });
    expect(everywhere.statusCode).toBeLessThan(300);
    expect((await withCopy(copy)).statusCode).toBe(401);
  }, 60_000);
});
