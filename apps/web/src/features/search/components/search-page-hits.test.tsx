import type { SavedSearch, SearchHits } from '@portico/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderSignedIn, shellHandlers, url } from '../../../../test/app-test-harness.js';
import { setUpAppTests } from '../../../../test/page-lifecycle.js';
import {
  recordSearchEventsAroundEach,
  searchingAnna as anna,
  searchServer,
  type SearchServerOptions,
} from '../../../../test/search-test-server.js';

// Issue 38: hits under the cards, highlights as elements, "show all", the spelling correction.

const server = setUpAppTests();
const { navigations: searchNavigations } = recordSearchEventsAroundEach();

const hitsFor = (query: string): SearchHits => ({
  query,
  correction: null,
  sources: [
    {
      source: 'productDocumentation',
      hits: [
        {
          id: '7',
          title: [
            { text: 'The ', match: false },
            { text: 'report', match: true },
            { text: ' guide <b>now</b>', match: false },
          ],
          snippet: [
            { text: 'How to build a ', match: false },
            { text: 'report', match: true },
          ],
          date: '2024-03-05',
          type: null,
          status: null,
          href: '/my-solutions/financials/c-fin/documentation/7',
        },
      ],
    },
    {
      source: 'cases',
      hits: [
        {
          id: '3',
          title: [{ text: 'Report fails', match: false }],
          snippet: [],
          date: null,
          type: null,
          status: 'in-progress',
          href: '/services/track-case/CS0001',
        },
      ],
    },
  ],
});

function serve(options: SearchServerOptions = {}) {
  const search = searchServer({ hits: hitsFor, ...options });
  server.use(...shellHandlers({ profile: anna }), ...search.handlers);
  return search;
}

const cardList = () => screen.getByRole('list', { name: 'Results by source' });
const card = (title: string) =>
  within(cardList()).getByRole('article', { name: new RegExp(`^${title}( \\(|$)`) });

describe('search results page: hits under the cards', () => {
  it('lists each source’s hits with marked words, date or type, and "show all"', async () => {
    serve();
    await renderSignedIn('/search?query=report&productId=c-fin');
    const list = await screen.findByRole('list', { name: 'Top results in Product documentation' });
    const link = within(list).getByRole('link', { name: 'The report guide <b>now</b>' });
    expect(link).toHaveAttribute('href', '/my-solutions/financials/c-fin/documentation/7');
    // The match is a <mark> element; the title's markup stays text.
    expect(within(link).getByText('report').tagName).toBe('MARK');
    expect(link.querySelector('b')).toBeNull();
    const snippet = within(list).getByText(/How to build a/);
    expect(snippet.querySelector('mark')?.textContent).toBe('report');
    expect(within(list).getByText('5 March 2024')).toBeVisible();
    expect(
      within(card('Product documentation')).getByRole('link', {
        name: 'Show all in Product documentation (opens in a new window)',
      }),
    ).toHaveAttribute('href', '/my-solutions/financials/c-fin/documentation?query=report');

    const cases = screen.getByRole('list', { name: 'Top results in Support cases' });
    expect(within(cases).getByRole('link', { name: 'Report fails' })).toHaveAttribute(
      'href',
      '/services/track-case/CS0001',
    );
    // The status comes as a code and shows in the reader's language.
    expect(within(cases).getByText('In progress')).toBeVisible();
    // A source without hits lists none, and its card is as before.
    expect(
      screen.queryByRole('list', { name: 'Top results in General news' }),
    ).not.toBeInTheDocument();
  });

  it('reports site search navigate when a hit is followed', async () => {
    serve();
    await renderSignedIn('/search?query=report&productId=c-fin');
    const list = await screen.findByRole('list', { name: 'Top results in Support cases' });
    await userEvent.click(within(list).getByRole('link', { name: 'Report fails' }));
    expect(searchNavigations()).toContainEqual({
      query: 'report',
      productId: 'c-fin',
      card: 'cases',
      url: '/services/track-case/CS0001',
    });
  });
});

describe('search results page: spelling correction', () => {
  it('shows the corrected query’s results and asks the counts for it', async () => {
    const search = serve({
      hits: (query) => ({
        ...hitsFor('invoice'),
        query: 'invoice',
        correction: query === 'invoise' ? { query: 'invoice', applied: true } : null,
      }),
    });
    await renderSignedIn('/search?query=invoise&productId=c-fin');
    expect(
      await screen.findByText('Nothing was found for “invoise”. Showing results for “invoice”.'),
    ).toBeVisible();
    await screen.findByText('43 results in total', { selector: '.ui-toolbar__count' });
    expect(search.requests('combined').map((p) => p.get('query'))).toContain('invoice');
    expect(search.requests('support').map((p) => p.get('query'))).toContain('invoice');
    expect(
      within(card('General news')).getByRole('link', { name: /General news/ }),
    ).toHaveAttribute('href', '/news?query=invoice');
  });

  it('offers a correction that finds far more as a link', async () => {
    serve({
      hits: (query) => ({ ...hitsFor(query), correction: { query: 'invoice', applied: false } }),
    });
    await renderSignedIn('/search?query=invoise&productId=c-fin');
    const offer = await screen.findByText('Did you mean:');
    expect(within(offer).getByRole('link', { name: 'invoice' })).toHaveAttribute(
      'href',
      '/search?query=invoice&productId=c-fin',
    );
    // The page stays the user's own query.
    expect(screen.getByText('You searched for “invoise” in Financials.')).toBeVisible();
  });
});

describe('search results page: saving the search', () => {
  it('saves the query and product with the chosen notifications, then offers to remove it', async () => {
    const posted: unknown[] = [];
    let items: SavedSearch[] = [];
    // After the search server's own handlers (which answer no saved search): these win.
    serve();
    server.use(
      http.get(url('/api/search/saved'), () => HttpResponse.json({ items })),
      http.post(url('/api/search/saved'), async ({ request }) => {
        const body = (await request.json()) as Omit<SavedSearch, 'id' | 'createdAt'>;
        posted.push(body);
        const saved: SavedSearch = {
          id: '9',
          query: body.query,
          productId: body.productId ?? null,
          notifyBell: body.notifyBell,
          notifyEmail: body.notifyEmail,
          createdAt: '2026-01-01T00:00:00.000Z',
        };
        items = [saved];
        return HttpResponse.json(saved, { status: 201 });
      }),
    );
    const user = userEvent.setup();
    await renderSignedIn('/search?query=report&productId=c-fin');
    const panel = await screen.findByRole('region', { name: 'Save this search' });
    expect(
      within(panel).getByRole('checkbox', { name: 'Tell me of new results in the portal' }),
    ).toBeChecked();
    await user.click(
      within(panel).getByRole('checkbox', { name: 'Tell me of new results by e-mail' }),
    );
    await user.click(within(panel).getByRole('button', { name: 'Save search' }));
    const saved = await screen.findByRole('region', { name: 'This search is saved' });
    expect(posted).toEqual([
      { query: 'report', productId: 'c-fin', notifyBell: true, notifyEmail: true },
    ]);
    expect(
      within(saved).getByRole('checkbox', { name: 'Tell me of new results by e-mail' }),
    ).toBeChecked();
    expect(within(saved).getByRole('button', { name: 'Remove saved search' })).toBeEnabled();
  });
});
