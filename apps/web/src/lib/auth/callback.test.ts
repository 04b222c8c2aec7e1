import type { RuntimeConfig } from '@portico/contracts';
import type { JWTPayload } from 'jose';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createFakeProvider, type FakeProvider } from '../../../test/fake-oidc-provider.js';
import { setupTestServer } from '../../../test/msw.js';
import { captureRedirects, lastRedirect, releaseLoginLock } from '../../../test/sign-in.js';
import { TEST_ISSUER, TEST_ORIGIN, installTestConfig } from '../../../test/test-config.js';
import { completeSignIn } from './callback.js';
import { CODE_VERIFIER_KEY, login, NONCE_KEY } from './session.js';
import { encodeState } from './state.js';
import { ACCESS_TOKEN_KEY, ID_TOKEN_KEY } from './tokens.js';

const CLIENT_ID = 'portico-spa';
const server = setupTestServer();
let provider: FakeProvider;

beforeAll(async () => {
  provider = await createFakeProvider(TEST_ISSUER, CLIENT_ID);
  server.resetHandlers(...provider.handlers);
});

beforeEach(() => {
  // Rejections are logged by design; keep the test output readable.
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});

afterEach(() => {
  releaseLoginLock();
  vi.restoreAllMocks();
});

const implicitAuth: RuntimeConfig['auth'] = {
  issuer: TEST_ISSUER,
  clientId: CLIENT_ID,
  responseType: 'id_token token',
  scope: 'openid profile email',
};
const codeAuth: RuntimeConfig['auth'] = { ...implicitAuth, responseType: 'code' };

/** Starts a real login and returns what the provider would have received. */
async function startLogin(
  returnUrl?: string,
): Promise<{ nonce: string; state: string; challenge: string | null }> {
  const redirects = captureRedirects();
  await login(returnUrl);
  const params = lastRedirect(redirects).searchParams;
  redirects.mockRestore();
  return {
    nonce: params.get('nonce') ?? '',
    state: params.get('state') ?? '',
    challenge: params.get('code_challenge'),
  };
}

const callback = (part: string): URL => new URL(`${TEST_ORIGIN}/state-redirect${part}`);
const fragment = (values: Record<string, string>): URL =>
  callback(`#${new URLSearchParams(values).toString()}`);

function expectLogoutWithTimestamp(path: string, before: number): void {
  const match = /^\/logout\?t=(\d+)$/.exec(path);
  expect(match, path).not.toBeNull();
  const stamp = Number(match![1]);
  expect(stamp).toBeGreaterThanOrEqual(before);
  expect(stamp).toBeLessThanOrEqual(Date.now());
}

function expectNoTokens(): void {
  expect(localStorage.getItem(ACCESS_TOKEN_KEY)).toBeNull();
  expect(localStorage.getItem(ID_TOKEN_KEY)).toBeNull();
}

describe('sign-in callback, implicit flow (§4 Sign-in callback)', () => {
  beforeEach(() => {
    installTestConfig({ auth: implicitAuth });
  });

  /** A full implicit answer for the running login; claims override the valid defaults. */
  async function implicitAnswer(
    claims: (nonce: string) => JWTPayload = () => ({}),
    state?: string,
    options?: Parameters<FakeProvider['signIdToken']>[1],
  ): Promise<URL> {
    const login = await startLogin('/news?page=2&query=cloud');
    const accessToken = 'access-token-value';
    const idToken = await provider.signIdToken(
      { nonce: login.nonce, at_hash: await provider.atHash(accessToken), ...claims(login.nonce) },
      options,
    );
    return fragment({
      id_token: idToken,
      access_token: accessToken,
      token_type: 'Bearer',
      state: state ?? login.state,
    });
  }

  it('stores both tokens and goes to the path decoded from state', async () => {
    const url = await implicitAnswer();
    await expect(completeSignIn(url)).resolves.toBe('/news?page=2&query=cloud');
    expect(localStorage.getItem(ACCESS_TOKEN_KEY)).toBe('access-token-value');
    expect(localStorage.getItem(ID_TOKEN_KEY)).toBe(url.hash.match(/id_token=([^&]+)/)![1]);
    // What the attempt left behind is gone: the answer cannot be replayed.
    expect(sessionStorage.getItem(NONCE_KEY)).toBeNull();
  });

  it('goes to the logout path with a timestamp when the fragment carries an error', async () => {
    const before = Date.now();
    const path = await completeSignIn(
      fragment({ error: 'access_denied', state: encodeState('/news') }),
    );
    expectLogoutWithTimestamp(path, before);
    expectNoTokens();
  });

  it('goes to the logout path with a timestamp when the query carries an error', async () => {
    const before = Date.now();
    const path = await completeSignIn(callback('?error=login_required&error_description=x'));
    expectLogoutWithTimestamp(path, before);
  });

  it('uses the configured logout path', async () => {
    installTestConfig({
      auth: implicitAuth,
      logoutPath: 'https://community.example/logout?from=portal',
    });
    const path = await completeSignIn(callback('?error=access_denied'));
    expect(path).toMatch(/^https:\/\/community\.example\/logout\?from=portal&t=\d+$/);
  });

  it.each<[string, (nonce: string) => JWTPayload]>([
    ['a nonce that does not match the stored one', () => ({ nonce: 'someone-elses-nonce' })],
    ['no nonce', () => ({ nonce: undefined })],
    ['another audience', () => ({ aud: 'another-client' })],
    ['another issuer', () => ({ iss: 'https://evil.example/oidc' })],
    ['an expired token', () => ({ exp: Math.floor(Date.now() / 1000) - 3600 })],
    ['an at_hash of another access token', () => ({ at_hash: 'AAAAAAAAAAAAAAAAAAAAAA' })],
    ['no at_hash', () => ({ at_hash: undefined })],
  ])('rejects an id token with %s: nothing stored, logout path', async (_name, claims) => {
    const url = await implicitAnswer(claims);
    const before = Date.now();
    const path = await completeSignIn(url);
    expectLogoutWithTimestamp(path, before);
    expectNoTokens();
  });

  it('rejects an id token signed with a key outside the provider JWKS', async () => {
    const url = await implicitAnswer(undefined, undefined, { key: provider.foreignKey });
    expectLogoutWithTimestamp(await completeSignIn(url), 0);
    expectNoTokens();
  });

  it('rejects an answer that no login of this tab asked for', async () => {
    const url = await implicitAnswer();
    sessionStorage.removeItem(NONCE_KEY);
    expectLogoutWithTimestamp(await completeSignIn(url), 0);
    expectNoTokens();
  });

  it('rejects a fragment without tokens', async () => {
    const { state } = await startLogin('/news');
    expectLogoutWithTimestamp(await completeSignIn(fragment({ state })), 0);
    expectNoTokens();
  });

  it.each([
    ['not base64', '%%% not base64 %%%'],
    ['missing', ''],
    ['the callback path', encodeState('/state-redirect#id_token=x')],
    ['a path containing the callback path', encodeState('/news?next=/state-redirect')],
    ['protocol-relative', encodeState('//evil.example')],
    ['backslash', encodeState('/\\evil.example')],
    ['absolute URL', encodeState('https://evil.example/news')],
    ['javascript:', encodeState('javascript:alert(document.cookie)')],
    ['encoded slashes', encodeState('/%2F%2Fevil.example')],
    ['whitespace trick', encodeState('/\t/evil.example')],
  ])('goes to / when state is %s (tokens still stored)', async (_name, state) => {
    const url = await implicitAnswer(undefined, state);
    await expect(completeSignIn(url)).resolves.toBe('/');
    expect(localStorage.getItem(ACCESS_TOKEN_KEY)).toBe('access-token-value');
  });
});

describe('sign-in callback, authorisation code with PKCE', () => {
  beforeEach(() => {
    installTestConfig({ auth: codeAuth });
  });

  it('exchanges the code with the verifier, validates and stores the tokens', async () => {
    const started = await startLogin('/search?query=cloud&productId=7');
    const verifier = sessionStorage.getItem(CODE_VERIFIER_KEY);
    const idToken = await provider.signIdToken({ nonce: started.nonce });
    provider.setTokenResponse(200, {
      access_token: 'code-access',
      id_token: idToken,
      token_type: 'Bearer',
    });

    const path = await completeSignIn(
      callback(
        `?code=the-code&state=${encodeURIComponent(started.state)}&iss=${encodeURIComponent(TEST_ISSUER)}`,
      ),
    );

    expect(path).toBe('/search?query=cloud&productId=7');
    const sent = provider.tokenRequests.at(-1)!;
    expect(Object.fromEntries(sent)).toEqual({
      grant_type: 'authorization_code',
      code: 'the-code',
      redirect_uri: `${TEST_ORIGIN}/state-redirect`,
      client_id: CLIENT_ID,
      code_verifier: verifier,
    });
    expect(localStorage.getItem(ACCESS_TOKEN_KEY)).toBe('code-access');
    expect(localStorage.getItem(ID_TOKEN_KEY)).toBe(idToken);
    expect(sessionStorage.getItem(CODE_VERIFIER_KEY)).toBeNull();
  });

  it('checks at_hash when the provider includes one', async () => {
    const started = await startLogin('/news');
    const idToken = await provider.signIdToken({
      nonce: started.nonce,
      at_hash: 'AAAAAAAAAAAAAAAAAAAAAA',
    });
    provider.setTokenResponse(200, { access_token: 'code-access', id_token: idToken });
    expectLogoutWithTimestamp(await completeSignIn(callback(`?code=c&state=${started.state}`)), 0);
    expectNoTokens();
  });

  it('rejects a nonce mismatch after the exchange', async () => {
    const started = await startLogin('/news');
    const idToken = await provider.signIdToken({ nonce: 'not-the-one' });
    provider.setTokenResponse(200, { access_token: 'code-access', id_token: idToken });
    expectLogoutWithTimestamp(await completeSignIn(callback(`?code=c&state=${started.state}`)), 0);
    expectNoTokens();
  });

  it('rejects an answer that names another issuer (RFC 9207) without exchanging the code', async () => {
    const started = await startLogin('/news');
    const before = provider.tokenRequests.length;
    const path = await completeSignIn(
      callback(`?code=c&state=${started.state}&iss=${encodeURIComponent('https://evil.example')}`),
    );
    expectLogoutWithTimestamp(path, 0);
    expect(provider.tokenRequests).toHaveLength(before);
    expectNoTokens();
  });

  it('goes to the logout path when the token endpoint refuses the code', async () => {
    const started = await startLogin('/news');
    provider.setTokenResponse(400, { error: 'invalid_grant' });
    expectLogoutWithTimestamp(await completeSignIn(callback(`?code=c&state=${started.state}`)), 0);
    expectNoTokens();
  });

  it('goes to the logout path without a code, and on an error in the query', async () => {
    const started = await startLogin('/news');
    expectLogoutWithTimestamp(await completeSignIn(callback(`?state=${started.state}`)), 0);
    expectLogoutWithTimestamp(await completeSignIn(callback('?error=access_denied')), 0);
    expectNoTokens();
  });
});
