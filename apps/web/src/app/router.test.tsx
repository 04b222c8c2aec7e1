import { act, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { decodeState } from '../lib/auth/state.js';
import { createFakeProvider } from '../../test/fake-oidc-provider.js';
import { setupTestServer } from '../../test/msw.js';
import { TEST_ISSUER } from '../../test/test-config.js';
import { pageShown, renderApp, shellHandlers, signIn } from '../../test/app-test-harness.js';
import { resetSignInAroundEach } from '../../test/page-lifecycle.js';
import { captureRedirects } from '../../test/sign-in.js';

// The shell is tested around stand-in feature pages; each feature tests its own page.
vi.mock('../features/news/news.route.js', () => ({
  default: () => <h1>News page</h1>,
}));
vi.mock('../features/search/search.route.js', () => ({
  default: () => <h1>Search page</h1>,
}));

const provider = await createFakeProvider(TEST_ISSUER, 'portico-spa');
setupTestServer(...shellHandlers(), ...provider.handlers);

resetSignInAroundEach();
let redirectTo: MockInstance<(url: string) => void>;
beforeEach(() => {
  redirectTo = captureRedirects();
});

const location = (router: ReturnType<typeof renderApp>['router']) =>
  `${router.state.location.pathname}${router.state.location.search}`;

describe('routes (§2) and the guard (§4)', () => {
  it('sends a signed-out visitor of a guarded route to login with the path and query kept', async () => {
    const { router } = renderApp('/news?page=2&query=cloud');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(new URLSearchParams(router.state.location.search).get('returnUrl')).toBe(
      '/news?page=2&query=cloud',
    );

    // The login page starts sign-in with that return path in the state.
    await waitFor(() => expect(redirectTo).toHaveBeenCalledOnce());
    const authorise = new URL(redirectTo.mock.calls[0]![0]);
    expect(`${authorise.origin}${authorise.pathname}`).toBe(`${TEST_ISSUER}/auth`);
    expect(decodeState(authorise.searchParams.get('state'))).toBe('/news?page=2&query=cloud');
    await pageShown();
    expect(screen.getByText('Redirecting you to sign in…')).toHaveAttribute('role', 'status');
  });

  it.each(['/news/news-item/cloud-news/42', '/news/3', '/search?query=erp&productId=c-fin'])(
    'guards %s',
    async (path) => {
      const { router } = renderApp(path);
      await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
      expect(new URLSearchParams(router.state.location.search).get('returnUrl')).toBe(path);
    },
  );

  it('lets a signed-in user through to the guarded page', async () => {
    signIn();
    const { router } = renderApp('/news?page=2');
    await pageShown();
    expect(screen.getByRole('heading', { level: 1, name: 'News page' })).toBeVisible();
    expect(location(router)).toBe('/news?page=2');
  });

  it.each(['/', '/home'])('redirects %s to /news', async (path) => {
    signIn();
    const { router } = renderApp(path);
    await waitFor(() => expect(router.state.location.pathname).toBe('/news'));
    await pageShown();
    expect(screen.getByRole('heading', { level: 1, name: 'News page' })).toBeVisible();
  });

  it('shows the news page for a news item and a news page number', async () => {
    signIn();
    const { router } = renderApp('/news/news-item/cloud-news/42');
    await pageShown();
    expect(screen.getByRole('heading', { level: 1, name: 'News page' })).toBeVisible();
    await act(() => router.navigate('/news/2'));
    expect(location(router)).toBe('/news/2');
    expect(screen.getByRole('heading', { level: 1, name: 'News page' })).toBeVisible();
  });

  it.each([
    ['signed out', false],
    ['signed in', true],
  ])('leaves the app for the community site on an unknown path (%s)', async (_label, signedIn) => {
    if (signedIn) signIn();
    renderApp('/no-such-place/anywhere?x=1');
    await waitFor(() => expect(redirectTo).toHaveBeenCalledWith('https://community.portico.test'));
    await pageShown();
    expect(screen.getByText('Leaving Portico for the community site…')).toBeVisible();
    expect(screen.getByRole('link', { name: 'Continue to the community site' })).toHaveAttribute(
      'href',
      'https://community.portico.test',
    );
  });
});

describe('the refusal page (ADR 0029: signed in at the external provider, unknown to Portico)', () => {
  const base64url = (value: object) =>
    btoa(JSON.stringify(value)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
  const idToken = `${base64url({ alg: 'RS256' })}.${base64url({ sub: 'ext|1', email: 'stranger@company.test' })}.sig`;

  it('says who signed in and whom to ask, and its sign-out ends the provider session', async () => {
    localStorage.setItem('id_token', idToken);
    renderApp('/account-unknown');
    await pageShown();
    expect(
      screen.getByRole('heading', {
        level: 1,
        name: 'Your company account is not known to the portal',
      }),
    ).toBeVisible();
    expect(screen.getByText(/You signed in as stranger@company\.test/)).toBeVisible();
    expect(screen.getByRole('link', { name: 'support@portico.test' })).toHaveAttribute(
      'href',
      'mailto:support@portico.test',
    );
    act(() => screen.getByRole('button', { name: 'Sign out' }).click());
    await waitFor(() => expect(redirectTo).toHaveBeenCalled());
    const target = new URL(redirectTo.mock.calls.at(-1)?.[0] ?? '');
    expect(`${target.origin}${target.pathname}`).toBe(`${TEST_ISSUER}/session/end`);
    expect(target.searchParams.get('id_token_hint')).toBe(idToken);
  });
});
