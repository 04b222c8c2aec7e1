import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { MAX_FAILURES } from './modules/oidc/sign-in.service.js';
import {
  authorizeUrl,
  browser,
  CookieJar,
  exchangeCode,
  follow,
  pkcePair,
  signInThroughProvider,
} from '../test/oidc-flow.js';
import { twoInstances } from '../test/two-instances.js';

// Two API instances behind one balancer over one PostgreSQL must behave as one portal
// (issue 11 "Scale past one machine", ADR 0016): each instance here is its own app with its
// own connection pool, provider object and caches; they share nothing but the database.

const databaseUrl = process.env.DATABASE_URL;
const PUBLIC_URL = 'http://localhost:8080';
const ANNA = { email: 'anna.customer@portico.test', password: 'portico-demo' };

// Without PostgreSQL there is nothing to share; say so instead of passing silently.
if (!databaseUrl) {
  console.warn('scale-out tests need PostgreSQL: set DATABASE_URL (.ci/run sets it)');
}

describe.runIf(databaseUrl)('two API instances over one PostgreSQL', () => {
  const instances = twoInstances({ PUBLIC_URL });
  let a: FastifyInstance;
  let b: FastifyInstance;
  beforeAll(() => {
    ({ a, b } = instances);
  });

  /** One browser behind the balancer: the same cookies, whichever instance answers. */
  function balancedBrowser(remoteAddress = '127.0.0.1') {
    const jar = new CookieJar();
    return { a: browser(a, remoteAddress, jar), b: browser(b, remoteAddress, jar) };
  }

  /** The access token for a code redeemed at `on`: the exchange must succeed. */
  async function redeemCode(on: FastifyInstance, code: string, verifier: string) {
    const response = await exchangeCode(on, code, verifier);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ access_token: string }>().access_token;
  }

  /** Anna signed in through A like a browser behind the balancer, her code redeemed at A. */
  async function signedInThroughA() {
    const client = balancedBrowser();
    const { verifier, challenge } = pkcePair();
    const callback = await signInThroughProvider(client.a, a, {
      responseType: 'code',
      codeChallenge: challenge,
      ...ANNA,
    });
    return { client, token: await redeemCode(a, callback.searchParams.get('code')!, verifier) };
  }

  const me = (on: FastifyInstance, token: string): Promise<LightMyRequestResponse> =>
    on.inject({
      method: 'GET',
      url: '/api/users/me',
      headers: { authorization: `Bearer ${token}` },
    });

  it('accepts on B a token from a real sign-in on A (and the reverse)', async () => {
    const { token } = await signedInThroughA();
    const onB = await me(b, token);
    expect(onB.statusCode).toBe(200);
    expect(onB.json()).toMatchObject({ email: ANNA.email });
    expect((await me(a, token)).statusCode).toBe(200);
  }, 120_000);

  it('finishes at B an authorisation started at A: sign-in page from A, form posted to B, code redeemed at B', async () => {
    const client = balancedBrowser();
    const { verifier, challenge } = pkcePair();
    const page = await follow(
      client.a,
      await client.a.get(
        authorizeUrl(a, { responseType: 'code', codeChallenge: challenge, state: 'L25ld3M=' }),
      ),
    );
    expect(page.statusCode).toBe(200);
    const action = /<form [^>]*action="([^"]+)"/.exec(page.body)?.[1];
    expect(action).toBeTruthy();
    const posted = await client.b.postForm(action!.replaceAll('&amp;', '&'), ANNA);
    const callback = await follow(client.b, posted);
    const location = String(callback.headers.location);
    expect(location).toContain('/state-redirect');
    const code = new URL(location, PUBLIC_URL).searchParams.get('code');
    expect(code).toBeTruthy();
    const token = await redeemCode(b, code!, verifier);
    expect((await me(a, token)).statusCode).toBe(200);
  }, 120_000);

  it('counts sign-in failures recorded via A on B (the limit is shared)', async () => {
    const attacker = balancedBrowser('203.0.113.77');
    const openForm = async (via: ReturnType<typeof balancedBrowser>['a']) => {
      const { challenge } = pkcePair();
      const page = await follow(
        via,
        await via.get(authorizeUrl(a, { responseType: 'code', codeChallenge: challenge })),
      );
      const action = /<form [^>]*action="([^"]+)"/.exec(page.body)?.[1];
      if (!action) throw new Error(`no sign-in form: ${page.statusCode}`);
      return action.replaceAll('&amp;', '&');
    };
    const actionA = await openForm(attacker.a);
    for (let i = 0; i < MAX_FAILURES; i += 1) {
      const failed = await attacker.a.postForm(actionA, {
        email: ANNA.email,
        password: `guess-${i}`,
      });
      expect(failed.statusCode).toBe(422);
    }
    // The right password, now at B: refused, the failures at A count here.
    const actionB = await openForm(attacker.b);
    const limited = await attacker.b.postForm(actionB, ANNA);
    expect(limited.statusCode).toBe(429);
    expect(limited.body).toContain('Too many sign-in attempts');
  }, 180_000);

  it('opens on B a support desk session from a frame token issued by A; the session works on both; the token is spent on both', async () => {
    const { client, token } = await signedInThroughA();
    const frame = await a.inject({
      method: 'GET',
      url: '/api/support/frame-token',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(frame.statusCode).toBe(200);
    const frameToken = frame.json<{ token: string }>().token;

    const opened = await client.b.get(`/support-desk/contacts?t=${frameToken}`);
    expect(opened.statusCode).toBe(303);
    expect(opened.headers.location).toBe('/support-desk/contacts');
    for (const via of [client.b, client.a]) {
      const page = await via.get('/support-desk/contacts');
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-type']).toContain('text/html');
    }
    // Replayed at either instance: refused.
    for (const on of [a, b]) {
      const replay = await on.inject({
        method: 'GET',
        url: `/support-desk/contacts?t=${frameToken}`,
      });
      expect(replay.statusCode).toBe(401);
    }
  }, 120_000);
});
