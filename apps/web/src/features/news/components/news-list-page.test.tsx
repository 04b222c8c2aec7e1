import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { type renderApp, renderSignedIn, url } from '../../../../test/app-test-harness.js';
import { toIsoDate } from '../../../components/ui/date-filter/date-range.js';
import { ERROR_STATUSES, problemResponse } from '../../../../test/error-cases.js';
import { setUpAppTests } from '../../../../test/page-lifecycle.js';
import { catchLoginOn401, expectPageErrorWithRetry } from '../../../../test/page-errors.js';
import { newsItem, newsItems, newsServer } from '../../../../test/news-test-server.js';
import { NEWS_QUERY_KEY } from '../utils/news-query-storage.js';

// §2 News list, §4 News list (URL state, NewsQuery session rules), §9 page size 30.

const server = setUpAppTests();

let scrollTo: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
});

function serve(items = newsItems(45)) {
  const news = newsServer(items);
  server.use(...news.handlers);
  return news;
}

const open = renderSignedIn;

const grid = () => screen.findByRole('list', { name: 'News items' });
const cards = async () => within(await grid()).findAllByRole('article');
const address = (router: ReturnType<typeof renderApp>['router']) => {
  const { pathname, search } = router.state.location;
  return { pathname, params: new URLSearchParams(search) };
};

describe('news list: cards, count and paging', () => {
  it('shows 30 cards with title, date, image and detail link, the count and the range', async () => {
    const news = serve([
      newsItem(1, { title: 'Cloud & ERP: what’s new?' }),
      newsItem(2, { headerImage: null }),
      ...newsItems(45).slice(2),
    ]);
    await open('/news');

    expect(screen.getByRole('heading', { level: 1, name: 'News' })).toBeVisible();
    expect(await cards()).toHaveLength(30);
    expect(news.last().get('page')).toBe('1');
    expect(news.last().get('size')).toBe('30');
    expect(screen.getByText('45 results')).toBeVisible();
    expect(screen.getByText('1–30 of 45')).toBeVisible();

    const [first, second] = await cards();
    const link = within(first!).getByRole('link', { name: 'Cloud & ERP: what’s new?' });
    expect(link).toHaveAttribute('href', '/news/news-item/cloud-erp-what-s-new/1');
    expect(within(first!).getByText('5 March 2026')).toBeVisible();
    // Images are decorative (alt=""): the medium variant, or the logo when there is none.
    const [firstImage] = first!.querySelectorAll('img');
    expect(firstImage).toHaveAttribute('src', '/media/news/1-medium.svg');
    expect(firstImage).toHaveAttribute('alt', '');
    expect(second!.querySelector('img')).toHaveAttribute('src', '/media/logo.svg');
    expect(within(second!).getByText('4 March 2026')).toBeVisible();
  });

  it('gives every card image its size and variants; the first screenful loads at once', async () => {
    serve([newsItem(1), newsItem(2, { headerImage: null }), ...newsItems(45).slice(2)]);
    await open('/news');
    const images = (await cards()).map((card) => card.querySelector('img')!);

    // The medium banner is 600 × 250; the browser picks small, medium or large by width.
    expect(images[0]).toHaveAttribute('width', '600');
    expect(images[0]).toHaveAttribute('height', '250');
    expect(images[0]).toHaveAttribute(
      'srcset',
      '/media/news/1-small.svg 300w, /media/news/1-medium.svg 600w, /media/news/1-large.svg 1200w',
    );
    expect(images[0]!.getAttribute('sizes')).toMatch(/100vw/);
    // The logo (no header image) has one size and no variants.
    expect(images[1]).toHaveAttribute('width', '240');
    expect(images[1]).toHaveAttribute('height', '64');
    expect(images[1]).not.toHaveAttribute('srcset');

    // Above the fold: eager, the first one first; further down: lazy.
    expect(images[0]).toHaveAttribute('loading', 'eager');
    expect(images[0]).toHaveAttribute('fetchpriority', 'high');
    expect(images[3]).toHaveAttribute('loading', 'eager');
    expect(images[4]).toHaveAttribute('loading', 'lazy');
    for (const image of images) {
      expect(Number(image.getAttribute('width'))).toBeGreaterThan(0);
      expect(Number(image.getAttribute('height'))).toBeGreaterThan(0);
    }

    // A subscribe block follows the results.
    expect(screen.getByRole('link', { name: 'Manage your subscriptions' })).toHaveAttribute(
      'href',
      '/my-settings/subscriptions#general-news',
    );
  });

  it('says "1 result" for a single result and hides the pagination', async () => {
    serve([newsItem(7)]);
    await open('/news');
    expect(await cards()).toHaveLength(1);
    expect(screen.getByText('1 result')).toBeVisible();
    expect(screen.queryByRole('navigation', { name: 'Pagination' })).not.toBeInTheDocument();
  });

  it('changes page through the address and scrolls to the top', async () => {
    const news = serve();
    const { router } = await open('/news');
    await cards();

    await userEvent.click(screen.getByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(address(router).params.get('page')).toBe('2'));
    expect(scrollTo).toHaveBeenCalled();
    await waitFor(() => expect(screen.getByText('31–45 of 45')).toBeVisible());
    // The previous page's cards stay until page 2 arrives (placeholder data).
    await waitFor(async () => expect(await cards()).toHaveLength(15));
    expect(news.last().get('page')).toBe('2');
  });

  it('reads the page from /news/{page}; a page query parameter wins over the path', async () => {
    const news = serve(newsItems(100));
    const { router } = await open('/news/3');
    await waitFor(() => expect(screen.getByText('61–90 of 100')).toBeVisible());
    expect(news.last().get('page')).toBe('3');

    await act(() => router.navigate('/news/3?page=2'));
    await waitFor(() => expect(screen.getByText('31–60 of 100')).toBeVisible());
    expect(news.last().get('page')).toBe('2');
  });

  it('shows the no-results text and no subscribe block when nothing matches', async () => {
    serve([]);
    await open('/news');
    expect(await screen.findByText('No results found.')).toBeVisible();
    expect(screen.queryByRole('list', { name: 'News items' })).not.toBeInTheDocument();
    expect(
      screen.queryByRole('link', { name: 'Manage your subscriptions' }),
    ).not.toBeInTheDocument();
  });
});

describe('news list: search and date filter', () => {
  it('a search keeps the query as typed, starts at page 1 and puts both in the address', async () => {
    const news = serve([newsItem(1, { title: 'Cloud region opens' }), ...newsItems(40).slice(1)]);
    const { router } = await open('/news?page=2');
    await cards();

    const box = screen.getByRole('searchbox', { name: 'Search news' });
    expect(box).toHaveAttribute('name', 'news-query');
    expect(box).toHaveAttribute('placeholder', 'Search news');
    await userEvent.type(box, 'Cloud');
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));

    await waitFor(() => expect(address(router).params.get('query')).toBe('Cloud'));
    expect(address(router).pathname).toBe('/news');
    expect(address(router).params.get('page')).toBe('1');
    await waitFor(() => expect(screen.getByText('1 result')).toBeVisible());
    expect(news.last().get('query')).toBe('Cloud');
    expect(news.last().get('page')).toBe('1');
    expect(within(await grid()).getByRole('link', { name: 'Cloud region opens' })).toBeVisible();
  });

  it("the date filter's quick option sets startDate and endDate and sends the day bounds", async () => {
    const news = serve();
    const { router } = await open('/news?page=2&query=story');
    await cards();

    await userEvent.click(screen.getByRole('button', { name: 'Date' }));
    await userEvent.click(screen.getByRole('button', { name: 'Last week' }));

    const today = new Date();
    const weekAgo = new Date(today.getFullYear(), today.getMonth(), today.getDate() - 7);
    await waitFor(() => expect(address(router).params.get('startDate')).toBe(toIsoDate(weekAgo)));
    expect(address(router).params.get('endDate')).toBe(toIsoDate(today));
    expect(address(router).params.get('page')).toBe('1');
    expect(address(router).params.get('query')).toBe('story');

    // Local start of the first day and last millisecond of the last day, as epoch ms.
    await waitFor(() => expect(news.last().get('fromDateTime')).toBe(String(weekAgo.getTime())));
    const endOfToday = new Date(today.getFullYear(), today.getMonth(), today.getDate() + 1);
    expect(news.last().get('toDateTime')).toBe(String(endOfToday.getTime() - 1));
  });

  it('sends the dates of the address and leaves them out when only one is given', async () => {
    const news = serve();
    const { router } = await open('/news?startDate=2026-03-01&endDate=2026-03-05');
    await cards();
    expect(news.last().get('fromDateTime')).toBe(String(new Date(2026, 2, 1).getTime()));
    expect(news.last().get('toDateTime')).toBe(String(new Date(2026, 2, 6).getTime() - 1));

    await act(() => router.navigate('/news?startDate=2026-03-01'));
    await waitFor(() => expect(news.last().has('fromDateTime')).toBe(false));
    expect(news.last().has('toDateTime')).toBe(false);
  });
});

describe('news list: NewsQuery in session storage (§4, §9)', () => {
  it('restores an empty query from session storage', async () => {
    sessionStorage.setItem(NEWS_QUERY_KEY, 'story 1');
    const news = serve();
    await open('/news');
    await cards();
    expect(news.last().get('query')).toBe('story 1');
    expect(screen.getByRole('searchbox', { name: 'Search news' })).toHaveValue('story 1');
  });

  it('saves a query that has results', async () => {
    serve();
    await open('/news?query=story');
    await cards();
    await waitFor(() => expect(sessionStorage.getItem(NEWS_QUERY_KEY)).toBe('story'));
  });

  it('removes a query that has no results', async () => {
    sessionStorage.setItem(NEWS_QUERY_KEY, 'story');
    serve();
    await open('/news?query=nothing-like-this');
    expect(await screen.findByText('No results found.')).toBeVisible();
    expect(sessionStorage.getItem(NEWS_QUERY_KEY)).toBeNull();
  });

  it('removes it when the search is cleared, and lists all news again', async () => {
    const news = serve();
    const { router } = await open('/news?query=story%201&page=1');
    await cards();
    await waitFor(() => expect(sessionStorage.getItem(NEWS_QUERY_KEY)).toBe('story 1'));

    await userEvent.clear(screen.getByRole('searchbox', { name: 'Search news' }));
    expect(sessionStorage.getItem(NEWS_QUERY_KEY)).toBeNull();
    await waitFor(() => expect(address(router).params.has('query')).toBe(false));
    await waitFor(() => expect(screen.getByText('45 results')).toBeVisible());
    expect(news.last().has('query')).toBe(false);
  });
});

describe('news list: §8 error path (issue 27, ADR 0049)', () => {
  const redirects = catchLoginOn401(server);

  // The general list and the product-news tab (My Solutions) are the same page.
  it.each(ERROR_STATUSES)('%i: the §8 text with a retry that loads the list', (status) => {
    serve();
    return expectPageErrorWithRetry(server, {
      status,
      call: '/api/news',
      path: '/news',
      ready: { text: newsItem(1).title },
      redirects,
    });
  });

  it('429: a spent search budget says to wait a minute, and the retry searches again', async () => {
    serve();
    let limited = true;
    server.use(
      http.get(url('/api/news'), () =>
        limited
          ? problemResponse(429, 'Wait 30 seconds.', { headers: { 'retry-after': '30' } })
          : undefined,
      ),
    );
    await open('/news?query=launch');
    const alert = await screen.findByRole('alert', {}, { timeout: 8000 });
    expect(alert).toHaveTextContent(
      'You have searched too often in a short time. Please wait a minute and try again.',
    );
    limited = false;
    await userEvent.setup().click(within(alert).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
  });
});
