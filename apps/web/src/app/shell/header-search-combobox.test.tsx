import type { SearchSuggestions } from '@portico/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderSignedIn, shellHandlers, url } from '../../../test/app-test-harness.js';
import { setupTestServer } from '../../../test/msw.js';
import { noNewsHandler } from '../../../test/notification-test-support.js';
import { installTestConfig } from '../../../test/test-config.js';
import { installAnalytics } from '../../lib/analytics/analytics.js';
import {
  installRecordingAnalytics,
  type RecordingAnalytics,
} from '../../lib/analytics/recording-analytics.js';
import { resetStartUpForTests } from '../start-up.js';

// Issue 38: the header search box as a combobox (suggestions, recent searches, keyboard, '/').

vi.mock('../../features/search/search.route.js', () => ({
  default: () => <h1>Search page</h1>,
}));

const server = setupTestServer();
vi.setConfig({ testTimeout: 20_000 });

const suggestionsFor = (query: string): SearchSuggestions => ({
  suggestions: [
    {
      source: 'news',
      title: [
        { text: query, match: true },
        { text: 'ice run explained', match: false },
      ],
      href: '/news/news-item/invoice-run-explained/5',
    },
    {
      source: 'cases',
      title: [{ text: 'Invoice export fails', match: false }],
      href: '/services/track-case/CS0001',
    },
  ],
});

let asked: URLSearchParams[];
let recorded: RecordingAnalytics;
beforeEach(() => {
  installTestConfig();
  recorded = installRecordingAnalytics();
  asked = [];
  // Before the shell's own handlers, which answer no suggestions: the first match answers.
  server.use(
    http.get(url('/api/search/suggestions'), ({ request }) => {
      const params = new URL(request.url).searchParams;
      asked.push(params);
      return HttpResponse.json(suggestionsFor(params.get('query') ?? ''));
    }),
    http.get(url('/api/search/recent'), () =>
      HttpResponse.json({
        searches: [
          { query: 'ledger', productId: 'c-fin' },
          { query: 'payroll', productId: null },
        ],
      }),
    ),
    // The page the box sits on (/news) lists nothing.
    noNewsHandler,
    ...shellHandlers(),
  );
});
afterEach(() => {
  resetStartUpForTests();
  installAnalytics(null);
});

const box = () => within(screen.getByRole('banner')).getByRole('combobox', { name: 'Search' });

describe('header search suggestions', () => {
  it('suggests titles from three characters and opens one by keyboard', async () => {
    const user = userEvent.setup();
    const { router } = await renderSignedIn('/news');
    await user.click(box());
    await user.keyboard('in');
    // Two characters: nothing asked, nothing listed.
    expect(box()).toHaveAttribute('aria-expanded', 'false');
    await user.keyboard('vo');
    const list = await screen.findByRole('listbox', { name: 'Suggestions' });
    expect(asked.map((p) => p.get('query'))).toEqual(['invo']);
    const options = within(list).getAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual([
      'invoice run explainedGeneral news',
      'Invoice export failsSupport cases',
    ]);
    expect(within(options[0] as HTMLElement).getByText('invo').tagName).toBe('MARK');
    expect(box()).toHaveAttribute('aria-expanded', 'true');
    expect(box()).toHaveAttribute('aria-controls', list.id);
    expect(await screen.findByText(/^2 suggestions\./)).toHaveAttribute('role', 'status');

    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(box()).toHaveAttribute('aria-activedescendant', options[1]?.id);
    expect(options[1]).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{ArrowDown}');
    expect(box()).toHaveAttribute('aria-activedescendant', options[0]?.id);
    await user.keyboard('{ArrowUp}{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/services/track-case/CS0001'));
    expect(box()).toHaveAttribute('aria-expanded', 'false');
    // §7: a suggestion followed is reported as a result followed, with its source as the card.
    expect(recorded.recorded('siteSearchNavigate').map((e) => e.event)).toEqual([
      { query: 'invo', card: 'cases', url: '/services/track-case/CS0001' },
    ]);
  });

  it('keeps the highlight on its suggestion when the answer for newer typing replaces the list', async () => {
    const newer: SearchSuggestions = {
      suggestions: [
        suggestionsFor('invoi').suggestions[1]!,
        {
          source: 'productDocumentation',
          title: [{ text: 'Invoicing guide', match: false }],
          href: '/my-solutions/products/c-fin/documentation/invoicing-guide',
        },
      ],
    };
    server.use(
      http.get(url('/api/search/suggestions'), ({ request }) =>
        new URL(request.url).searchParams.get('query') === 'invoi'
          ? HttpResponse.json(newer)
          : undefined,
      ),
    );
    const user = userEvent.setup();
    const { router } = await renderSignedIn('/news');
    await user.click(box());
    await user.keyboard('invo');
    await screen.findByRole('listbox', { name: 'Suggestions' });
    // One more letter, and the arrows move over the list shown until its answer comes.
    await user.keyboard('i{ArrowDown}{ArrowDown}');
    const highlighted = () =>
      document.getElementById(box().getAttribute('aria-activedescendant') ?? '')?.textContent;
    expect(highlighted()).toBe('Invoice export failsSupport cases');
    await screen.findByRole('option', { name: /Invoicing guide/ });
    expect(highlighted()).toBe('Invoice export failsSupport cases');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/services/track-case/CS0001'));
  });

  it('closes on Escape, and Enter without a chosen suggestion searches as before', async () => {
    const user = userEvent.setup();
    const { router } = await renderSignedIn('/news');
    await user.click(box());
    await user.keyboard('invoice');
    await screen.findByRole('listbox', { name: 'Suggestions' });
    await user.keyboard('{Escape}');
    expect(box()).toHaveAttribute('aria-expanded', 'false');
    expect(box()).toHaveValue('invoice');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/search'));
    expect(router.state.location.search).toBe('?query=invoice');
  });

  it('offers the user’s recent searches while the box is empty', async () => {
    const user = userEvent.setup();
    const { router } = await renderSignedIn('/news');
    await user.click(box());
    const list = await screen.findByRole('listbox', { name: 'Recent searches' });
    expect(
      within(list)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['ledgerFinancials', 'payroll']);
    await user.click(within(list).getByRole('option', { name: /ledger/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/search'));
    expect(router.state.location.search).toBe('?query=ledger&productId=c-fin');
  });

  it('focuses the box on "/" from the page, but not while typing in a field', async () => {
    const user = userEvent.setup();
    await renderSignedIn('/news');
    await waitFor(() => expect(box()).toHaveAttribute('aria-keyshortcuts', '/'));
    await user.click(document.body);
    await user.keyboard('/');
    expect(box()).toHaveFocus();
    expect(box()).toHaveValue('');

    const other = document.createElement('input');
    other.setAttribute('aria-label', 'Other field');
    document.body.append(other);
    await user.click(other);
    await user.keyboard('/');
    expect(other).toHaveFocus();
    expect(other).toHaveValue('/');
    other.remove();
  });
});
