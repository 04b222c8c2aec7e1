import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { completeSignIn } from '../../lib/auth/callback.js';
import { getAccessToken, getIdToken } from '../../lib/auth/tokens.js';
import { createFakeProvider } from '../../../test/fake-oidc-provider.js';
import { setupTestServer } from '../../../test/msw.js';
import { TEST_ISSUER, testConfig, installTestConfig } from '../../../test/test-config.js';
import {
  demoProfile,
  pageShown,
  renderApp,
  shellHandlers,
  signIn,
} from '../../../test/app-test-harness.js';
import { resetSignInAroundEach } from '../../../test/page-lifecycle.js';
import { captureRedirects } from '../../../test/sign-in.js';
import { readUserCookie, userCookieValue, writeUserCookie } from '../user-cookie.js';
import { resetStateRedirect } from './state-redirect-page.js';

// The shell is tested around stand-in feature pages; each feature tests its own page.
vi.mock('../../features/news/news.route.js', () => ({
  default: () => <h1>News page</h1>,
}));
vi.mock('../../features/search/search.route.js', () => ({
  default: () => <h1>Search page</h1>,
}));

vi.mock('../../lib/auth/callback.js', () => ({ completeSignIn: vi.fn() }));

// Key generation is slow: both providers are made once for the file.
const [provider, flaky] = await Promise.all([
  createFakeProvider(TEST_ISSUER, 'portico-spa'),
  createFakeProvider(`${TEST_ISSUER}-flaky`, 'portico-spa'),
]);
const server = setupTestServer(...shellHandlers(), ...provider.handlers);

resetSignInAroundEach();
let redirectTo: MockInstance<(url: string) => void>;
beforeEach(() => {
  redirectTo = captureRedirects();
  vi.mocked(completeSignIn).mockReset();
  resetStateRedirect();
});

describe('state-redirect: the sign-in callback (§2, §4)', () => {
  it('shows "Signing you in…" and then replaces the callback with the returned path', async () => {
    let finish!: (path: string) => void;
    vi.mocked(completeSignIn).mockReturnValue(new Promise((resolve) => (finish = resolve)));
    const { router } = renderApp('/state-redirect');
    await pageShown();
    expect(screen.getByText('Signing you in…')).toHaveAttribute('role', 'status');
    expect(completeSignIn).toHaveBeenCalledOnce();
    expect(vi.mocked(completeSignIn).mock.calls[0]![0]).toBeInstanceOf(URL);

    signIn();
    act(() => finish('/news?page=2&query=cloud'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/news'));
    expect(router.state.location.search).toBe('?page=2&query=cloud');
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('leaves the app when the result is an absolute (logout) address', async () => {
    vi.mocked(completeSignIn).mockResolvedValue('https://sso.example/logout?t=1');
    renderApp('/state-redirect');
    await waitFor(() => expect(redirectTo).toHaveBeenCalledWith('https://sso.example/logout?t=1'));
  });

  it('shows a readable message with a way to sign in again when the callback fails', async () => {
    vi.mocked(completeSignIn).mockRejectedValue(new Error('boom'));
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderApp('/state-redirect');
    await pageShown();
    expect(await screen.findByRole('alert')).toHaveTextContent('Sign-in could not be completed');
    expect(screen.getByRole('link', { name: 'Sign in again' })).toHaveAttribute('href', '/login');
  });
});

describe('login (§2, §4 Session)', () => {
  it('starts sign-in with a safe return path only', async () => {
    renderApp('/login?returnUrl=%2F%2Fevil.example%2Fsteal');
    await waitFor(() => expect(redirectTo).toHaveBeenCalledOnce());
    const authorise = new URL(redirectTo.mock.calls[0]![0]);
    expect(atob(authorise.searchParams.get('state')!)).toBe('/');
  });

  it('says so when sign-in cannot be started, and can try again', async () => {
    const user = userEvent.setup();
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    // A provider not asked before (discovery is cached per issuer), unreachable the first time.
    const issuer = flaky.issuer;
    installTestConfig({ auth: { ...testConfig().auth, issuer } });
    server.use(
      http.get(`${issuer}/.well-known/openid-configuration`, () => HttpResponse.error(), {
        once: true,
      }),
      ...flaky.handlers,
    );
    renderApp('/login?returnUrl=%2Fnews');
    await pageShown();
    expect(await screen.findByRole('alert')).toHaveTextContent('Sign-in could not be started');
    expect(redirectTo).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(redirectTo).toHaveBeenCalledOnce());
    expect(redirectTo.mock.calls[0]![0]).toContain(`${issuer}/auth`);
  });
});

describe('logout (§2, §4)', () => {
  it('clears both tokens and the USER cookie and ends the provider session', async () => {
    signIn();
    writeUserCookie(userCookieValue(demoProfile));
    renderApp('/logout');
    await waitFor(() => expect(redirectTo).toHaveBeenCalledOnce());
    const endSession = new URL(redirectTo.mock.calls[0]![0]);
    expect(`${endSession.origin}${endSession.pathname}`).toBe(`${TEST_ISSUER}/session/end`);
    expect(endSession.searchParams.get('id_token_hint')).toBe('test-id-token');
    expect(getAccessToken()).toBeNull();
    expect(getIdToken()).toBeNull();
    expect(readUserCookie()).toBeNull();
    await pageShown();
    expect(screen.getByText('Signing you out…')).toHaveAttribute('role', 'status');
  });

  it("from the header's sign-out link goes only to the provider, never back to sign-in", async () => {
    const user = userEvent.setup();
    const apiCalls: string[] = [];
    server.events.on('request:start', ({ request }) => {
      if (new URL(request.url).pathname.startsWith('/api/')) apiCalls.push(request.url);
    });
    signIn();
    const { router } = renderApp('/news');
    await pageShown();
    const callsBefore = apiCalls.length;

    await user.click(screen.getByRole('link', { name: 'Sign out' }));
    await waitFor(() => expect(redirectTo).toHaveBeenCalled());
    await new Promise((resolve) => setTimeout(resolve, 200));

    expect(router.state.location.pathname).toBe('/logout');
    expect(redirectTo).toHaveBeenCalledOnce();
    expect(redirectTo.mock.calls[0]![0]).toContain(`${TEST_ISSUER}/session/end`);
    // Nothing asked the API without a token (which would answer 401 and start sign-in),
    // but for taking back the first paint's cookie, which needs none (ADR 0044).
    const after = apiCalls.slice(callsBefore);
    const cookieCall = (url: string) => new URL(url).pathname === '/api/session/first-paint';
    expect(after.filter((url) => !cookieCall(url))).toEqual([]);
    expect(after.filter(cookieCall)).toHaveLength(1);
    server.events.removeAllListeners();
  });
});
