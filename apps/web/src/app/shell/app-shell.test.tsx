import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { notify } from '../../lib/notifications/notification-store.js';
import { setUpAppTests } from '../../../test/page-lifecycle.js';
import { installTestConfig } from '../../../test/test-config.js';
import {
  defaultHeaderHtml,
  demoProfile,
  renderApp,
  renderSignedIn,
  signIn,
  url,
} from '../../../test/app-test-harness.js';
import { rememberedLanguage, rememberLanguage } from '../../lib/labels/remembered-language.js';
import { analyticsHook } from '../start-up.js';
import { resetInlineShellForTests } from './inline-shell.js';
import { clearUserCookie, readUserCookie } from '../user-cookie.js';
import { problemResponse } from '../../../test/error-cases.js';

// The shell is tested around stand-in feature pages; each feature tests its own page.
vi.mock('../../features/news/news.route.js', () => ({
  default: () => <h1>News page</h1>,
}));
vi.mock('../../features/search/search.route.js', () => ({
  default: () => <h1>Search page</h1>,
}));

const server = setUpAppTests();
// The shell reads who is signed in from the user cookie: none is left for the next test.
afterEach(() => clearUserCookie());

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}

const page = () => screen.getByTestId('app-page');
/** A shared base on another origin than the app's (a separate header and footer service). */
const OTHER_SHARED_BASE = 'https://shared.example.test/shared';

describe('app shell: start-up requests side by side (ADR 0021)', () => {
  beforeEach(() => resetInlineShellForTests());
  afterEach(() => {
    document.getElementById('portico-shared-header')?.remove();
    document.getElementById('portico-shared-footer')?.remove();
    resetInlineShellForTests();
    localStorage.clear();
  });

  it('asks for the labels while the profile is still on its way', async () => {
    const profileGate = deferred();
    const order: string[] = [];
    server.use(
      http.get(url('/api/users/me'), async () => {
        order.push('profile asked');
        await profileGate.promise;
        return HttpResponse.json(demoProfile);
      }),
      http.get(url('/api/content/labels/cpplabels'), () => {
        order.push('labels asked');
        return HttpResponse.json([]);
      }),
    );
    signIn();
    renderApp('/news');
    await waitFor(() => expect(order).toContain('labels asked'));
    expect(order).toContain('profile asked');
    // Labels alone do not make the app ready: the profile decides their language.
    expect(page()).not.toBeVisible();
    profileGate.resolve();
    await waitFor(() => expect(page()).toBeVisible());
  });

  it('loads the labels of the profile language when the remembered one was another', async () => {
    const languages: (string | null)[] = [];
    server.use(
      http.get(url('/api/users/me'), () => HttpResponse.json({ ...demoProfile, language: 'de' })),
      http.get(url('/api/content/labels/cpplabels'), ({ request }) => {
        const language = new URL(request.url).searchParams.get('language');
        languages.push(language);
        return HttpResponse.json(
          language === 'de' ? [{ key: 'shell.skipToContent', value: 'Zum Inhalt' }] : [],
        );
      }),
    );
    await renderSignedIn('/news');
    expect(languages).toEqual(['en', 'de']);
    expect(screen.getByRole('link', { name: 'Zum Inhalt' })).toBeInTheDocument();
    // The next start asks in German straight away.
    expect(rememberedLanguage()).toBe('de');
  });

  it('shows the page with the header and footer of the first HTML, without asking for them', async () => {
    const asked: string[] = [];
    const greeting = deferred();
    server.use(
      http.get(url('/shared/header'), async () => {
        asked.push('header');
        await greeting.promise;
        return HttpResponse.text('<div class="portico-header"><p>Hello, Anna</p></div>');
      }),
      http.get(url('/shared/footer'), () => {
        asked.push('footer');
        return HttpResponse.text('<div>Fetched footer</div>');
      }),
    );
    const header = document.createElement('template');
    header.id = 'portico-shared-header';
    header.innerHTML = '<div class="portico-header"><a href="/news">Inline header</a></div>';
    const footer = document.createElement('template');
    footer.id = 'portico-shared-footer';
    footer.innerHTML = '<div>Inline footer</div>';
    document.body.append(header, footer);

    await renderSignedIn('/news');
    expect(
      within(screen.getByRole('banner')).getByRole('link', { name: 'Inline header' }),
    ).toBeVisible();
    expect(screen.getByRole('contentinfo')).toHaveTextContent('Inline footer');
    // The footer is never fetched; the greeting header is, and replaces the inline one.
    expect(asked).not.toContain('footer');
    greeting.resolve();
    await waitFor(() => expect(screen.getByRole('banner')).toHaveTextContent('Hello, Anna'));
    expect(asked).toEqual(['header']);
  });

  it('asks for the footer in the language of the labels when that is not English (issue 16)', async () => {
    const footers: (string | null)[] = [];
    server.use(
      http.get(url('/api/users/me'), () => HttpResponse.json({ ...demoProfile, language: 'de' })),
      http.get(url('/shared/footer'), ({ request }) => {
        footers.push(new URL(request.url).searchParams.get('language'));
        return HttpResponse.text('<div>Fußzeile</div>');
      }),
    );
    const footer = document.createElement('template');
    footer.id = 'portico-shared-footer';
    footer.innerHTML = '<div>Inline footer</div>';
    document.body.append(footer);

    await renderSignedIn('/news');
    await waitFor(() => expect(screen.getByRole('contentinfo')).toHaveTextContent('Fußzeile'));
    expect(footers).toEqual(['de']);
  });
});

describe('app shell: page visibility (§1, §4 Start-up)', () => {
  it('keeps the page hidden until header, footer and labels have all loaded', async () => {
    const gates = { header: deferred(), footer: deferred(), labels: deferred() };
    server.use(
      http.get(url('/shared/header'), async () => {
        await gates.header.promise;
        return HttpResponse.text('<p>Header loaded</p>');
      }),
      http.get(url('/shared/footer'), async () => {
        await gates.footer.promise;
        return HttpResponse.text('<p>Footer loaded</p>');
      }),
      http.get(url('/api/content/labels/cpplabels'), async () => {
        await gates.labels.promise;
        return HttpResponse.json([{ key: 'shell.skipToContent', value: 'Jump to the content' }]);
      }),
    );
    signIn();
    renderApp('/news');

    expect(await screen.findByTestId('app-page')).not.toBeVisible();
    expect(page()).toHaveAttribute('aria-busy', 'true');

    gates.header.resolve();
    gates.footer.resolve();
    expect(await screen.findByText('Header loaded')).toBeInTheDocument();
    expect(await screen.findByText('Footer loaded')).toBeInTheDocument();
    expect(page()).not.toBeVisible();

    gates.labels.resolve();
    await waitFor(() => expect(page()).toBeVisible());
    expect(page()).toHaveAttribute('aria-busy', 'false');
    // The server labels were applied by the time the page showed: no flash of the English default.
    expect(screen.getByRole('link', { name: 'Jump to the content' })).toBeInTheDocument();
  });

  it('shows the page without a header or footer that failed to load', async () => {
    server.use(
      http.get(url('/shared/header'), () => new HttpResponse('down', { status: 503 })),
      http.get(url('/shared/footer'), () => HttpResponse.error()),
    );
    await renderSignedIn('/news');
    expect(screen.getByRole('heading', { level: 1, name: 'News page' })).toBeVisible();
    expect(screen.queryByRole('search')).not.toBeInTheDocument();
  });

  it('shows the page when the profile cannot be loaded (labels fall back to English)', async () => {
    server.use(http.get(url('/api/users/me'), () => problemResponse(500, 'x')));
    await renderSignedIn('/news');
    expect(screen.getByRole('heading', { level: 1, name: 'News page' })).toBeVisible();
    expect(screen.getByRole('alert')).toHaveTextContent('Something went wrong');
  });

  it('has banner, main and contentinfo landmarks around the shared header and footer', async () => {
    await renderSignedIn('/news');
    expect(screen.getByRole('banner')).toHaveTextContent('Portal news');
    expect(screen.getByRole('main')).toHaveTextContent('News page');
    expect(screen.getByRole('contentinfo')).toHaveTextContent('Help search');
  });

  it('has a skip link to the main landmark, which receives focus', async () => {
    const user = userEvent.setup();
    await renderSignedIn('/news');
    await user.tab();
    const skip = screen.getByRole('link', { name: 'Skip to main content' });
    expect(skip).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(screen.getByRole('main')).toHaveFocus();
    expect(screen.getByRole('main')).toHaveAttribute('id', 'main');
  });
});

describe('app shell: shared header and footer (§1, §7)', () => {
  it('sanitises a header from another origin: scripts and event handlers are gone, markup stays', async () => {
    // The server's own header is its escaped template (ADR 0047); another system's is not.
    installTestConfig({ sharedBase: OTHER_SHARED_BASE });
    server.use(
      http.get(`${OTHER_SHARED_BASE}/header`, () =>
        HttpResponse.text(
          '<nav aria-label="Portal"><a href="/news">News link</a></nav>' +
            '<script>window.pwned = true</script>' +
            '<img src="logo.png" alt="Logo" onerror="window.pwned = true">' +
            '<a href="javascript:alert(1)">Bad link</a>',
        ),
      ),
    );
    const { container } = await renderSignedIn('/news');
    const header = container.querySelector('.app-header')!;
    expect(within(header as HTMLElement).getByRole('navigation', { name: 'Portal' })).toBeVisible();
    expect(header.querySelector('script')).toBeNull();
    expect(within(header as HTMLElement).getByRole('img', { name: 'Logo' })).not.toHaveAttribute(
      'onerror',
    );
    expect(within(header as HTMLElement).getByText('Bad link')).not.toHaveAttribute('href');
    expect(header.innerHTML).not.toMatch(/pwned|javascript:/);
  });

  it('writes the USER cookie with the encoded profile before the header is requested', async () => {
    let cookieAtHeaderRequest: string | null = null;
    server.use(
      http.get(url('/shared/header'), () => {
        cookieAtHeaderRequest = document.cookie;
        return HttpResponse.text(defaultHeaderHtml);
      }),
    );
    await renderSignedIn('/news');
    expect(cookieAtHeaderRequest).toContain(
      `USER=${encodeURIComponent(JSON.stringify(demoProfile))}`,
    );
    expect(readUserCookie()).toEqual(demoProfile);
  });

  it('sends no bearer token with the header and footer', async () => {
    const authorisation: (string | null)[] = [];
    server.use(
      http.get(url('/shared/:piece'), ({ request }) => {
        authorisation.push(request.headers.get('Authorization'));
        return HttpResponse.text('<p>piece</p>');
      }),
    );
    await renderSignedIn('/news');
    expect(authorisation.length).toBeGreaterThanOrEqual(2);
    expect(authorisation.every((value) => value === null)).toBe(true);
  });

  it('fills the header product list (catalogue + connected products) and searches client-side', async () => {
    const user = userEvent.setup();
    server.use(
      http.get(url('/api/users/me'), () =>
        HttpResponse.json({
          ...demoProfile,
          connectedProducts: [
            ...demoProfile.connectedProducts,
            { contentId: 'c-tm', productName: 'Talent Management', slug: 'talent-management' },
          ],
        }),
      ),
    );
    const { router } = await renderSignedIn('/news');
    const search = screen.getByRole('search');
    const product = within(search).getByRole('combobox', { name: 'Product' });
    await waitFor(() =>
      expect(
        within(product)
          .getAllByRole('option')
          .map((o) => o.textContent),
      ).toEqual(['All products', 'erpx', 'Financials', 'Talent Management']),
    );

    await user.type(within(search).getByRole('combobox', { name: 'Search' }), 'cloud');
    await user.selectOptions(product, 'Financials');
    await user.click(within(search).getByRole('button', { name: 'Go' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/search'));
    const params = new URLSearchParams(router.state.location.search);
    expect(params.get('query')).toBe('cloud');
    expect(params.get('productId')).toBe('c-fin');
    expect(await screen.findByRole('heading', { level: 1, name: 'Search page' })).toBeVisible();
    // The header search shows the search page's criteria…
    expect(within(search).getByRole('combobox', { name: 'Search' })).toHaveValue('cloud');
    expect(product).toHaveValue('c-fin');

    // …and is cleared on leaving it.
    await act(() => router.navigate('/news'));
    expect(within(search).getByRole('combobox', { name: 'Search' })).toHaveValue('');
    expect(product).toHaveValue('');
  });

  it('follows same-origin links in the header and footer without reloading the page', async () => {
    const user = userEvent.setup();
    const { router } = await renderSignedIn('/news');
    const before = screen.getByTestId('app-page');
    await user.click(screen.getByRole('link', { name: 'Help search' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/search'));
    expect(router.state.location.search).toBe('?query=help');
    await user.click(screen.getByRole('link', { name: 'Portal news' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/news'));
    expect(screen.getByTestId('app-page')).toBe(before);
  });

  it('takes over the header Menu button: it opens and closes the navigation, Escape and navigating close it', async () => {
    const user = userEvent.setup();
    server.use(
      http.get(url('/shared/header'), () =>
        HttpResponse.text(`<div class="portico-header">
  <button class="portico-header__menu-button" type="button" aria-expanded="false" aria-controls="portico-header-nav" hidden><span>Menu</span></button>
  <nav class="portico-header__nav" id="portico-header-nav" aria-label="Portal"><ul><li><a href="/search?query=menu">Search menu</a></li></ul></nav>
</div>`),
      ),
    );
    const { router } = await renderSignedIn('/news');
    const menu = within(screen.getByRole('banner')).getByRole('button', { name: 'Menu' });
    expect(menu).toBeVisible();
    expect(menu).toHaveAttribute('aria-expanded', 'false');

    await user.click(menu);
    expect(menu).toHaveAttribute('aria-expanded', 'true');
    await user.click(menu);
    expect(menu).toHaveAttribute('aria-expanded', 'false');

    await user.click(menu);
    const link = screen.getByRole('link', { name: 'Search menu' });
    link.focus();
    await user.keyboard('{Escape}');
    expect(menu).toHaveAttribute('aria-expanded', 'false');
    expect(menu).toHaveFocus();

    await user.click(menu);
    await user.click(link);
    await waitFor(() => expect(router.state.location.pathname).toBe('/search'));
    // The menu closes in the effect that runs after the navigation commits, not with it.
    await waitFor(() => expect(menu).toHaveAttribute('aria-expanded', 'false'));
  });

  it('takes over the header Search button: it opens the search with focus in the query, Escape and a search close it', async () => {
    const user = userEvent.setup();
    server.use(
      http.get(url('/shared/header'), () =>
        HttpResponse.text(`<div class="portico-header">
  <div class="portico-header__bar">
    <button class="portico-header__search-toggle" type="button" aria-expanded="false" aria-controls="portico-header-search" hidden><span>Search</span></button>
  </div>
  <form class="portico-header__search" id="portico-header-search" role="search" action="/search" method="get">
    <label for="q">Search the portal</label><input id="q" name="query" type="text" />
    <button class="portico-header__search-button" type="submit"><span>Go</span></button>
  </form>
</div>`),
      ),
    );
    const { router } = await renderSignedIn('/news');
    const banner = screen.getByRole('banner');
    const toggle = within(banner).getByRole('button', { name: 'Search' });
    expect(toggle).toBeVisible();
    expect(toggle).toHaveAttribute('aria-expanded', 'false');

    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const query = within(banner).getByRole('combobox', { name: 'Search the portal' });
    expect(query).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(toggle).toHaveFocus();

    // Enter on the focused button opens it; Enter in the field searches and closes it.
    await user.keyboard('{Enter}');
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await user.type(query, 'cloud{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/search'));
    expect(router.state.location.search).toContain('query=cloud');
    await waitFor(() => expect(toggle).toHaveAttribute('aria-expanded', 'false'));
  });

  it('puts the icon sprite in the page, hidden, fetched with its hash (sanitised from another origin)', async () => {
    let spriteUrl: URL | null = null;
    installTestConfig({ sharedBase: OTHER_SHARED_BASE });
    server.use(
      http.get(`${OTHER_SHARED_BASE}/footer`, () => HttpResponse.text('<div>Footer</div>')),
      http.get(`${OTHER_SHARED_BASE}/header`, () => HttpResponse.text(defaultHeaderHtml)),
      http.get(`${OTHER_SHARED_BASE}/sprite.svg`, ({ request }) => {
        spriteUrl = new URL(request.url);
        return HttpResponse.text(
          '<svg xmlns="http://www.w3.org/2000/svg"><symbol id="icon-info"><path d="M1 1"/></symbol><script>1</script></svg>',
        );
      }),
    );
    await renderSignedIn('/news');
    const sprite = await screen.findByTestId('icon-sprite');
    expect(spriteUrl!.searchParams.get('v')).toBe('test');
    expect(sprite).not.toBeVisible();
    expect(sprite.querySelector('symbol#icon-info')).not.toBeNull();
    expect(sprite.querySelector('script')).toBeNull();
  });
});

describe('app shell: start-up (§4)', () => {
  it('loads profile and labels once (not countries and languages), and the refresh action reloads both', async () => {
    const calls = { profile: 0, labels: 0, countries: 0 };
    const languages: (string | null)[] = [];
    server.use(
      http.get(url('/api/users/me'), () => {
        calls.profile++;
        return HttpResponse.json({ ...demoProfile, language: 'de' });
      }),
      http.get(url('/api/users/countries-and-languages'), () => {
        calls.countries++;
        return HttpResponse.json([]);
      }),
      http.get(url('/api/content/labels/cpplabels'), ({ request }) => {
        calls.labels++;
        languages.push(new URL(request.url).searchParams.get('language'));
        return HttpResponse.json([]);
      }),
    );
    const init = vi.spyOn(analyticsHook, 'init');
    // This browser saw a German profile before: the labels load in German beside the profile.
    rememberLanguage('de');
    const { router, queryClient } = await renderSignedIn('/news');
    await act(() => router.navigate('/search'));
    await act(() => router.navigate('/news'));
    expect(calls).toEqual({ profile: 1, labels: 1, countries: 0 });
    expect(languages).toEqual(['de']);
    expect(init).toHaveBeenCalledOnce();
    expect(init).toHaveBeenCalledWith(expect.objectContaining({ id: demoProfile.id }));

    const { refreshStartUp } = await import('../start-up.js');
    await act(() => refreshStartUp(queryClient));
    expect(calls).toEqual({ profile: 2, labels: 2, countries: 0 });
    expect(page()).toBeVisible();
  });
});

describe('app shell: notifications and title on navigation (§1, §4)', () => {
  it('clears a non-persistent notification on the next navigation', async () => {
    const { router } = await renderSignedIn('/news');
    act(() => notify({ type: 'error', title: 'Oops', content: 'Something broke' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Something broke');
    await act(() => router.navigate('/search?query=erp'));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('keeps a persistent notification across navigations', async () => {
    const { router } = await renderSignedIn('/news');
    act(() =>
      notify({ type: 'information', title: 'Notice', content: 'Still here', persistent: true }),
    );
    await act(() => router.navigate('/search?query=erp'));
    await act(() => router.navigate('/news'));
    expect(screen.getByRole('status', { name: 'Notification' })).toHaveTextContent('Still here');
  });

  it('sets the browser title for every route', async () => {
    const { router } = await renderSignedIn('/news');
    await waitFor(() => expect(document.title).toBe('News | Portico Community'));
    await act(() => router.navigate('/search?query=erp'));
    await waitFor(() => expect(document.title).toBe('Search | Portico Community'));
    await act(() => router.navigate('/news/news-item/cloud-news/42'));
    await waitFor(() => expect(document.title).toBe('News | Portico Community'));
  });
});
