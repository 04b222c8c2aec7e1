import { base64url } from 'jose';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createFakeProvider, type FakeProvider } from '../../../test/fake-oidc-provider.js';
import { setupTestServer } from '../../../test/msw.js';
import { captureRedirects, lastRedirect, releaseLoginLock } from '../../../test/sign-in.js';
import { TEST_ISSUER, TEST_ORIGIN, installTestConfig } from '../../../test/test-config.js';
import {
  CODE_VERIFIER_KEY,
  getAccessToken,
  isAuthorised,
  login,
  logout,
  NONCE_KEY,
} from './session.js';
import { capturePreviewLanguage } from '../labels/preview-language.js';
import { rememberLanguage } from '../labels/remembered-language.js';
import { rememberIdleReturnPath } from './idle.js';
import { decodeState } from './state.js';
import { ACCESS_TOKEN_KEY, ID_TOKEN_KEY } from './tokens.js';

const server = setupTestServer();
let provider: FakeProvider;

beforeAll(async () => {
  provider = await createFakeProvider(TEST_ISSUER, 'portico-spa');
  server.resetHandlers(...provider.handlers);
});

beforeEach(() => {
  installTestConfig();
});

afterEach(() => {
  releaseLoginLock();
  vi.restoreAllMocks();
});

async function sha256(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return base64url.encode(new Uint8Array(digest));
}

describe('session (§4 Session)', () => {
  it('is authorised exactly while an access token is in local storage', () => {
    expect(isAuthorised()).toBe(false);
    localStorage.setItem(ACCESS_TOKEN_KEY, 'token');
    expect(isAuthorised()).toBe(true);
    expect(getAccessToken()).toBe('token');
    localStorage.removeItem(ACCESS_TOKEN_KEY);
    expect(isAuthorised()).toBe(false);
  });

  it('login clears both tokens and redirects to the authorisation endpoint (code + PKCE)', async () => {
    localStorage.setItem(ACCESS_TOKEN_KEY, 'old-access');
    localStorage.setItem(ID_TOKEN_KEY, 'old-id');
    const redirects = captureRedirects();

    await login('/news?page=2&query=cloud');

    expect(localStorage.getItem(ACCESS_TOKEN_KEY)).toBeNull();
    expect(localStorage.getItem(ID_TOKEN_KEY)).toBeNull();
    const target = lastRedirect(redirects);
    expect(`${target.origin}${target.pathname}`).toBe(`${TEST_ISSUER}/auth`);
    const params = target.searchParams;
    expect(params.get('client_id')).toBe('portico-spa');
    expect(params.get('redirect_uri')).toBe(`${TEST_ORIGIN}/state-redirect`);
    expect(params.get('response_type')).toBe('code');
    expect(params.get('scope')).toBe('openid profile email');
    expect(decodeState(params.get('state'))).toBe('/news?page=2&query=cloud');
    expect(params.get('nonce')).toBe(sessionStorage.getItem(NONCE_KEY));
    expect(params.get('nonce')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const verifier = sessionStorage.getItem(CODE_VERIFIER_KEY);
    expect(verifier).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(params.get('code_challenge_method')).toBe('S256');
    expect(params.get('code_challenge')).toBe(await sha256(verifier!));
    expect(params.has('response_mode')).toBe(false);
  });

  it('login with the implicit response type asks for id_token token in the fragment', async () => {
    installTestConfig({
      auth: {
        issuer: TEST_ISSUER,
        clientId: 'portico-spa',
        responseType: 'id_token token',
        scope: '',
      },
    });
    const redirects = captureRedirects();

    await login();

    const params = lastRedirect(redirects).searchParams;
    expect(params.get('response_type')).toBe('id_token token');
    expect(params.get('response_mode')).toBe('fragment');
    expect(params.get('scope')).toBe('openid profile email');
    expect(params.has('code_challenge')).toBe(false);
    expect(sessionStorage.getItem(CODE_VERIFIER_KEY)).toBeNull();
    expect(decodeState(params.get('state'))).toBe('/');
  });

  it('asks the provider for the language it knows the user by (ui_locales), else none', async () => {
    const redirects = captureRedirects();
    try {
      // A first visit: no ui_locales, so the browser's Accept-Language decides.
      await login();
      expect(lastRedirect(redirects).searchParams.has('ui_locales')).toBe(false);
      releaseLoginLock();
      rememberLanguage('de');
      await login();
      expect(lastRedirect(redirects).searchParams.get('ui_locales')).toBe('de');
      releaseLoginLock();
      capturePreviewLanguage('?language=pl');
      await login();
      expect(lastRedirect(redirects).searchParams.get('ui_locales')).toBe('pl');
      releaseLoginLock();
      // The pseudo-locale is for translators: the page keeps the user's own language.
      capturePreviewLanguage('?language=en-XA');
      await login();
      expect(lastRedirect(redirects).searchParams.get('ui_locales')).toBe('de');
    } finally {
      window.localStorage.clear();
      window.sessionStorage.clear();
    }
  });

  it('makes only one login attempt at a time', async () => {
    const redirects = captureRedirects();
    let discoveries = 0;
    server.events.on('request:start', ({ request }) => {
      if (request.url.endsWith('/.well-known/openid-configuration')) discoveries++;
    });

    const first = login('/news');
    const second = login('/search?query=x');
    expect(second).toBe(first);
    await Promise.all([first, second]);
    await login('/other');

    expect(redirects).toHaveBeenCalledTimes(1);
    expect(decodeState(lastRedirect(redirects).searchParams.get('state'))).toBe('/news');
    expect(discoveries).toBeLessThanOrEqual(1);
    server.events.removeAllListeners();
  });

  it.each(['//evil.example', '/\\evil.example', 'https://evil.example/', 'javascript:alert(1)'])(
    'never carries the unsafe return address %s into the state',
    async (returnUrl) => {
      const redirects = captureRedirects();
      await login(returnUrl);
      expect(decodeState(lastRedirect(redirects).searchParams.get('state'))).toBe('/');
    },
  );

  it('does not return to the login, logout or callback routes after sign-in', async () => {
    const redirects = captureRedirects();
    await login('/login?returnUrl=%2Fnews');
    expect(decodeState(lastRedirect(redirects).searchParams.get('state'))).toBe('/');
  });

  it('lets a failed attempt be retried (the lock is released when discovery fails)', async () => {
    installTestConfig({
      auth: {
        issuer: `${TEST_ORIGIN}/down`,
        clientId: 'portico-spa',
        responseType: 'code',
        scope: '',
      },
    });
    const { http, HttpResponse } = await import('msw');
    server.use(
      http.get(`${TEST_ORIGIN}/down/.well-known/openid-configuration`, () =>
        HttpResponse.json({}, { status: 503 }),
      ),
    );
    const redirects = captureRedirects();
    await expect(login('/news')).rejects.toThrow(/discovery/i);
    installTestConfig();
    await login('/news');
    expect(redirects).toHaveBeenCalledTimes(1);
  });

  it('logout clears both tokens and ends the provider session', async () => {
    server.use(
      http.post(
        `${TEST_ORIGIN}/support-desk/sign-out`,
        () => new HttpResponse(null, { status: 204 }),
      ),
    );
    localStorage.setItem(ACCESS_TOKEN_KEY, 'access');
    localStorage.setItem(ID_TOKEN_KEY, 'the-id-token');
    const redirects = captureRedirects();

    await logout();

    expect(localStorage.getItem(ACCESS_TOKEN_KEY)).toBeNull();
    expect(localStorage.getItem(ID_TOKEN_KEY)).toBeNull();
    const target = lastRedirect(redirects);
    expect(`${target.origin}${target.pathname}`).toBe(`${TEST_ISSUER}/session/end`);
    expect(target.searchParams.get('id_token_hint')).toBe('the-id-token');
    expect(target.searchParams.get('post_logout_redirect_uri')).toBe(`${TEST_ORIGIN}/`);
    expect(target.searchParams.get('client_id')).toBe('portico-spa');
  });

  it('starts no sign-in while signing out (a 401 racing the cleared tokens)', async () => {
    server.use(
      http.post(
        `${TEST_ORIGIN}/support-desk/sign-out`,
        () => new HttpResponse(null, { status: 204 }),
      ),
    );
    localStorage.setItem(ID_TOKEN_KEY, 'the-id-token');
    const redirects = captureRedirects();
    const leaving = logout();
    await login('/news');
    await leaving;
    expect(redirects.mock.calls.map(([url]) => new URL(url).pathname)).toEqual([
      '/oidc/session/end',
    ]);
  });

  it("logout ends the built-in support desk's session before leaving (issue 23)", async () => {
    const ended: string[] = [];
    server.use(
      http.post(`${TEST_ORIGIN}/support-desk/sign-out`, ({ request }) => {
        ended.push(request.method);
        return new HttpResponse(null, { status: 204 });
      }),
    );
    localStorage.setItem(ID_TOKEN_KEY, 'the-id-token');
    const redirects = captureRedirects();

    await logout();

    expect(ended).toEqual(['POST']);
    expect(lastRedirect(redirects).pathname).toBe('/oidc/session/end');
  });
});

describe('sign-in after an idle sign-out (issue 11)', () => {
  it('returns to the remembered place when sign-in starts from the root or its news landing, once', async () => {
    rememberIdleReturnPath('/search?query=cloud&productId=p1');
    const redirects = captureRedirects();
    await login('/');
    expect(decodeState(lastRedirect(redirects).searchParams.get('state'))).toBe(
      '/search?query=cloud&productId=p1',
    );
    releaseLoginLock();
    rememberIdleReturnPath('/services/track-cases');
    await login('/news');
    expect(decodeState(lastRedirect(redirects).searchParams.get('state'))).toBe(
      '/services/track-cases',
    );
    releaseLoginLock();
    await login('/');
    expect(decodeState(lastRedirect(redirects).searchParams.get('state'))).toBe('/');
  });

  it('lets an explicit deep link win over the remembered place', async () => {
    rememberIdleReturnPath('/search?query=cloud');
    const redirects = captureRedirects();
    await login('/services');
    expect(decodeState(lastRedirect(redirects).searchParams.get('state'))).toBe('/services');
  });
});
