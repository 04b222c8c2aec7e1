import type { UserProfile } from '@portico/contracts';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { demoProfile, renderSignedIn, shellHandlers } from '../../../../test/app-test-harness.js';
import { noticeHiddenKey } from '../../../components/ui/notice-banner/notice-storage.js';
import { useNotificationStore } from '../../../lib/notifications/notification-store.js';
import { setUpAppTests } from '../../../../test/page-lifecycle.js';
import {
  communityUrl,
  learningUrl,
  noSourceAnswers,
  recordSearchEventsAroundEach,
  searchingAnna as anna,
  searchServer,
  supportUrl,
  type SearchEndpoint,
  type SearchServerOptions,
} from '../../../../test/search-test-server.js';

// §2 Search results page, §4 (product search only on new criteria), §5 totals, §6
// SUPPORT_SERVICE_NOW, §7 analytics events, §8 other messages and the University/SN log line.

const server = setUpAppTests();
const { queries: searchQueries, navigations: searchNavigations } = recordSearchEventsAroundEach();

const nina: UserProfile = { ...demoProfile, id: 'u-nina', permissions: ['NEWS'] };

function serve(options: SearchServerOptions & { profile?: UserProfile } = {}) {
  const search = searchServer(options);
  server.use(...shellHandlers({ profile: options.profile ?? anna }), ...search.handlers);
  return search;
}

async function open(path: string) {
  const app = await renderSignedIn(path);
  await screen.findByRole('heading', { level: 1, name: 'Search results' });
  return app;
}

const cardList = () => screen.getByRole('list', { name: 'Results by source' });
const cards = () => within(cardList()).getAllByRole('article');
const card = (title: string) =>
  within(cardList()).getByRole('article', { name: new RegExp(`^${title}( \\(|$)`) });
/** Card titles without the new-window hint of a link. */
const titles = () =>
  cards().map((c) =>
    c.querySelector('h2')?.textContent.replace('(opens in a new window)', '').trim(),
  );
/** The toolbar's total once every source has answered or failed. */
const total = (text: string) => screen.findByText(text, { selector: '.ui-toolbar__count' });
const cardStatus = (title: string) => card(title).querySelector('.search-card__count')?.textContent;

function expectDisabled(title: string) {
  const element = card(title);
  expect(element).toHaveAttribute('aria-disabled', 'true');
  expect(within(element).queryByRole('link')).not.toBeInTheDocument();
}

function expectLink(title: string, href: string) {
  const link = within(card(title)).getByRole('link');
  expect(link).toHaveAttribute('href', href);
  expect(link).toHaveAttribute('target', '_blank');
  expect(link).toHaveAttribute('rel', 'noopener noreferrer');
  expect(card(title)).not.toHaveAttribute('aria-disabled');
}

const ALL_TITLES = [
  'Community',
  'Knowledge articles',
  'University',
  'Product documentation',
  'Support cases',
  'Service catalogue',
  'Product downloads',
  'Product news',
  'General news',
];

describe('search results page with query and product', () => {
  it('shows every card in the §2 order with count labels, links and the total', async () => {
    const search = serve();
    await open('/search?query=report&productId=c-fin');

    expect(await total('43 results in total')).toBeVisible();
    expect(screen.getByText('You searched for “report” in Financials.')).toBeVisible();
    expect(titles()).toEqual(ALL_TITLES);

    expect(cardStatus('Community')).toBe('12 results');
    expect(cardStatus('Product news')).toBe('1 result');
    expect(cardStatus('Product downloads')).toBe('No results');
    expectLink('Community', communityUrl('report'));
    expectLink('Knowledge articles', supportUrl('knowledge', 'report'));
    expectLink('University', learningUrl('report'));
    expectLink(
      'Product documentation',
      '/my-solutions/financials/c-fin/documentation?query=report',
    );
    expectLink('Support cases', supportUrl('cases', 'report'));
    expectLink('Service catalogue', supportUrl('catalog', 'report'));
    expectLink('Product news', '/my-solutions/financials/c-fin/news?query=report');
    expectLink('General news', '/news?query=report');
    // Count 0: disabled, inert and out of the tab order.
    expectDisabled('Product downloads');

    // One combined count (product + community + news); support as the user; University.
    expect(search.requests('combined').map((p) => Object.fromEntries(p))).toEqual([
      { productId: 'c-fin', query: 'report' },
    ]);
    expect(search.requests('support').map((p) => Object.fromEntries(p))).toEqual([
      { userId: 'u-anna', query: 'report' },
    ]);
    expect(search.requests('university')).toHaveLength(1);
    expect(search.requests('community')).toHaveLength(0);
    expect(search.requests('news')).toHaveLength(0);
    expect(screen.queryByText(/Oops/)).not.toBeInTheDocument();
  });

  it('takes the product slug from the connected products when the catalogue lacks it', async () => {
    serve();
    server.use(...shellHandlers({ profile: anna, products: [] }));
    await open('/search?query=report&productId=c-erpx');
    await total('43 results in total');
    expectLink('Product documentation', '/my-solutions/erpx/c-erpx/documentation?query=report');
    expectLink('Product news', '/my-solutions/erpx/c-erpx/news?query=report');
  });

  it('without SUPPORT_SERVICE_NOW: no knowledge, cases or catalogue cards and no support call', async () => {
    const search = serve({ profile: nina });
    await open('/search?query=report&productId=c-fin');
    // 43 minus the support counts 5 + 2 + 3.
    expect(await total('33 results in total')).toBeVisible();
    expect(titles()).toEqual([
      'Community',
      'University',
      'Product documentation',
      'Product downloads',
      'Product news',
      'General news',
    ]);
    expect(search.requests('support')).toHaveLength(0);
  });

  it('hides the University card when its count is -1 and leaves it out of the total', async () => {
    serve({ answers: { ...noSourceAnswers, community: 2, university: -1 } });
    await open('/search?query=report&productId=c-fin');
    expect(await total('2 results in total')).toBeVisible();
    expect(titles()).not.toContain('University');
    expect(titles()).toHaveLength(8);
  });

  it('says "1 result in total" for a single result', async () => {
    serve({ answers: { ...noSourceAnswers, news: 1 } });
    await open('/search?query=report&productId=c-fin');
    expect(await total('1 result in total')).toBeVisible();
    expect(cardStatus('General news')).toBe('1 result');
    expect(screen.queryByText(/Oops/)).not.toBeInTheDocument();
  });
});

describe('search results page: messages', () => {
  it('without a product: product cards say "No product selected"; community and news still load', async () => {
    const search = serve();
    await open('/search?query=report');
    // 12 + 5 + 9 + 2 + 3 + 7: no product counts.
    expect(await total('38 results in total')).toBeVisible();
    expect(screen.getByText('You searched for “report”.')).toBeVisible();
    for (const title of ['Product documentation', 'Product downloads', 'Product news']) {
      expect(cardStatus(title)).toBe('No product selected');
      expectDisabled(title);
    }
    expect(cardStatus('Community')).toBe('12 results');
    expectLink('General news', '/news?query=report');
    expect(search.requests('combined')).toHaveLength(0);
    expect(search.requests('community').map((p) => p.get('query'))).toEqual(['report']);
    expect(search.requests('news').map((p) => Object.fromEntries(p))).toEqual([
      { page: '1', size: '1', query: 'report' },
    ]);
  });

  it('without a query: "No query entered", no cards and no calls', async () => {
    const search = serve();
    await open('/search?productId=c-fin');
    expect(screen.getByText('No query entered')).toBeVisible();
    expect(screen.queryByRole('list', { name: 'Results by source' })).not.toBeInTheDocument();
    const endpoints: SearchEndpoint[] = ['combined', 'community', 'news', 'support', 'university'];
    for (const endpoint of endpoints) expect(search.requests(endpoint)).toHaveLength(0);
    expect(searchQueries()).toEqual([]);
  });

  it('treats a query of spaces as no query', async () => {
    const search = serve();
    await open('/search?query=%20%20');
    expect(screen.getByText('No query entered')).toBeVisible();
    expect(search.requests('university')).toHaveLength(0);
  });

  it('refuses a query longer than the API accepts, readably and without calls', async () => {
    const search = serve();
    await open(`/search?query=${'a'.repeat(201)}`);
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Please enter a query of at most 200 characters.',
    );
    expect(search.requests('university')).toHaveLength(0);
  });

  it('refuses a query with control characters, readably and without calls', async () => {
    const search = serve();
    await open('/search?query=a%00b&productId=c-fin');
    expect(screen.getByRole('alert')).toHaveTextContent(
      'This query contains characters that cannot be searched. Please type it again.',
    );
    expect(screen.queryByRole('list', { name: 'Results by source' })).toBeNull();
    expect(search.requests('university')).toHaveLength(0);
    expect(search.requests('combined')).toHaveLength(0);
  });

  it('says "Oops…" when every source answered and nothing was found; every card is disabled', async () => {
    serve({ answers: noSourceAnswers });
    await open('/search?query=zebra&productId=c-fin');
    expect(
      await screen.findByText('Oops, we could not find any results. Please modify your search.'),
    ).toBeVisible();
    expect(await total('0 results in total')).toBeVisible();
    expect(titles()).toEqual(ALL_TITLES);
    for (const title of ALL_TITLES) {
      expect(cardStatus(title)).toBe('No results');
      expectDisabled(title);
    }
  });

  it('shows the notice alertHidedNew1 with its link; "don\'t show again" hides it for this user', async () => {
    serve();
    await open('/search?query=report&productId=c-fin');
    const notice = screen.getByRole('region', { name: 'Notice' });
    expect(notice).toHaveTextContent('the search now also looks through the community');
    expect(within(notice).getByRole('link', { name: 'Read the latest news' })).toHaveAttribute(
      'href',
      '/news',
    );
    await userEvent.click(
      within(notice).getByRole('checkbox', { name: "Don't show me this again" }),
    );
    expect(screen.queryByRole('region', { name: 'Notice' })).not.toBeInTheDocument();
    expect(localStorage.getItem(noticeHiddenKey('alertHidedNew1', 'u-anna'))).toBe('true');
  });
});

describe('search results page: loading and failing sources', () => {
  it('shows a loading state on the card whose source has not answered; the others show counts', async () => {
    serve({ hanging: ['university'] });
    await open('/search?query=report&productId=c-fin');
    await waitFor(() => expect(cardStatus('Community')).toBe('12 results'));
    expect(cardStatus('University')).toBe('Searching…');
    expect(card('University')).toHaveAttribute('aria-busy', 'true');
    expectDisabled('University');
    expect(screen.getByRole('status', { name: 'Loading' })).toBeInTheDocument();
    expect(screen.queryByText(/results in total/)).not.toBeInTheDocument();
    expect(searchQueries()).toEqual([]);
  });

  it('a failed University call: logged as "Error in University or SN call", its card says so, no notification', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    serve({ failing: ['university'], answers: { ...noSourceAnswers, community: 3 } });
    await open('/search?query=report&productId=c-fin');
    expect(await total('3 results in total')).toBeVisible();
    expect(cardStatus('University')).toBe('This source could not be searched right now.');
    expectDisabled('University');
    expect(log).toHaveBeenCalledWith('Error in University or SN call', expect.anything());
    expect(useNotificationStore.getState().notification).toBeNull();
  });

  it('a failed support count: logged, sent to the error handler (§8), its three cards say so', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    serve({ failing: ['support'], answers: noSourceAnswers });
    await open('/search?query=report&productId=c-fin');
    expect(await total('0 results in total')).toBeVisible();
    for (const title of ['Knowledge articles', 'Support cases', 'Service catalogue']) {
      expect(cardStatus(title)).toBe('This source could not be searched right now.');
      expectDisabled(title);
    }
    expect(log).toHaveBeenCalledWith('Error in University or SN call', expect.anything());
    expect(useNotificationStore.getState().notification).toMatchObject({
      type: 'error',
      content:
        'Something went wrong. Please send an email to support@portico.test if the situation persists.',
    });
    // Not every source answered: no "nothing found" message.
    expect(screen.queryByText(/Oops/)).not.toBeInTheDocument();
  });

  it('a source the combined count reports as failed: only its card fails', async () => {
    serve({ combinedErrors: ['community'] });
    await open('/search?query=report&productId=c-fin');
    // 43 without the community's 12.
    expect(await total('31 results in total')).toBeVisible();
    expect(cardStatus('Community')).toBe('This source could not be searched right now.');
    expectDisabled('Community');
    expect(cardStatus('Product documentation')).toBe('4 results');
    expect(cardStatus('General news')).toBe('7 results');
  });

  it('a combined count that fails as a whole: product cards fail; community and news are asked directly', async () => {
    const search = serve({ failing: ['combined'] });
    await open('/search?query=report&productId=c-fin');
    expect(await total('38 results in total')).toBeVisible();
    for (const title of ['Product documentation', 'Product downloads', 'Product news']) {
      expect(cardStatus(title)).toBe('This source could not be searched right now.');
    }
    expect(cardStatus('Community')).toBe('12 results');
    expect(cardStatus('General news')).toBe('7 results');
    expect(search.requests('combined')).toHaveLength(1); // not retried
    expect(search.requests('community')).toHaveLength(1);
    expect(useNotificationStore.getState().notification).toBeNull();
  });
});

describe('search results page: criteria and analytics', () => {
  it('searches products only for new criteria with both query and product (§4)', async () => {
    const search = serve();
    const { router } = await open('/search?query=report&productId=c-fin');
    await total('43 results in total');
    expect(search.requests('combined')).toHaveLength(1);

    // The same criteria again (the header submitting them once more; spaces around them).
    await act(() => router.navigate('/search?query=report&productId=c-fin'));
    await act(() => router.navigate('/search?query=%20report%20&productId=c-fin'));
    await total('43 results in total');
    expect(search.requests('combined')).toHaveLength(1);

    // No product: no product search.
    await act(() => router.navigate('/search?query=report'));
    await total('38 results in total');
    expect(search.requests('combined')).toHaveLength(1);

    // A new query with the product: a new product search.
    await act(() => router.navigate('/search?query=invoice&productId=c-fin'));
    await waitFor(() => expect(search.requests('combined')).toHaveLength(2));
    expect(Object.fromEntries(search.requests('combined')[1]!)).toEqual({
      productId: 'c-fin',
      query: 'invoice',
    });
    // Another product for the same query: a new product search too.
    await act(() => router.navigate('/search?query=invoice&productId=c-erpx'));
    await waitFor(() => expect(search.requests('combined')).toHaveLength(3));
    await total('43 results in total');
  });

  it('reports the site search query once per criteria, with the §7 metrics, after the counts settled', async () => {
    const search = serve();
    const { router } = await open('/search?query=report&productId=c-fin');
    await total('43 results in total');
    const reportInFinancials = {
      query: 'report',
      productId: 'c-fin',
      metrics: { productNews: 1, productDocumentation: 4, productSoftwareDownloads: 0, news: 7 },
    };
    await waitFor(() => expect(searchQueries()).toEqual([reportInFinancials]));

    // The same criteria again: not reported again.
    await act(() => router.navigate('/search?query=report&productId=c-fin'));
    await total('43 results in total');
    expect(searchQueries()).toHaveLength(1);

    // New criteria: reported once they settled; no product gives no product metrics.
    await act(() => router.navigate('/search?query=report'));
    await waitFor(() => expect(searchQueries()).toHaveLength(2));
    expect(searchQueries()[1]).toEqual({
      query: 'report',
      metrics: {
        productNews: null,
        productDocumentation: null,
        productSoftwareDownloads: null,
        news: 7,
      },
    });

    // Back to the first criteria: a search of its own (answered from the cache, not asked again).
    await act(() => router.navigate('/search?query=report&productId=c-fin'));
    await waitFor(() => expect(searchQueries()).toHaveLength(3));
    expect(searchQueries()[2]).toEqual(reportInFinancials);
    expect(search.requests('combined')).toHaveLength(1);
  });

  it('waits for every source before reporting the site search query', async () => {
    serve({ hanging: ['support'] });
    await open('/search?query=report&productId=c-fin');
    await waitFor(() => expect(cardStatus('Community')).toBe('12 results'));
    expect(cardStatus('Support cases')).toBe('Searching…');
    expect(searchQueries()).toEqual([]);
  });

  it('reports site search navigate for an enabled card; a disabled card does nothing', async () => {
    serve();
    await open('/search?query=report&productId=c-fin');
    await total('43 results in total');
    // jsdom cannot open windows: keep the click, drop the navigation.
    const stop = (event: MouseEvent) => event.preventDefault();
    document.addEventListener('click', stop);
    try {
      await userEvent.click(within(card('Product documentation')).getByRole('link'));
      await userEvent.click(card('Product downloads'));
      await userEvent.click(within(card('Community')).getByRole('link'));
    } finally {
      document.removeEventListener('click', stop);
    }
    expect(searchNavigations()).toEqual([
      {
        query: 'report',
        productId: 'c-fin',
        card: 'productDocumentation',
        url: '/my-solutions/financials/c-fin/documentation?query=report',
      },
      { query: 'report', productId: 'c-fin', card: 'community', url: communityUrl('report') },
    ]);
  });

  it('is usable by keyboard: Tab reaches the enabled card links, never a disabled card', async () => {
    serve();
    await open('/search?query=report&productId=c-fin');
    await total('43 results in total');
    const links = within(cardList()).getAllByRole('link');
    // Eight enabled cards (downloads has no results).
    expect(links).toHaveLength(8);
    links[0]!.focus();
    await userEvent.tab();
    expect(links[1]).toHaveFocus();
  });
});
