import type { NewsItem, NewsListItem } from '@portico/contracts';
import { http, HttpResponse, type HttpHandler } from 'msw';
import { url } from './app-test-harness.js';
import { problemResponse } from './error-cases.js';

/**
 * MSW handlers that answer `GET /api/news` and `GET /api/news/:id` like the real API (paging,
 * X-Total-Count, query over the title, epoch-ms date bounds, list fields only in the list), over a list of items the test
 * chooses, and record every list request. Only tests import this file.
 */

const DAY_MS = 24 * 60 * 60 * 1000;
/** Noon UTC on 5 March 2026: the same calendar day in every time zone from UTC−11 to UTC+11. */
export const MARCH_5_2026 = Date.UTC(2026, 2, 5, 12);

export function newsItem(id: number, overrides: Partial<NewsItem> = {}): NewsItem {
  return {
    id,
    title: `News story ${id}`,
    subtitle: `Subtitle ${id}`,
    location: 'Utrecht',
    publicationDate: MARCH_5_2026 - (id - 1) * DAY_MS,
    introduction: `Introduction ${id}`,
    content: `<p>Body of story ${id}</p>`,
    headerImage: {
      large: `/media/news/${id}-large.svg`,
      medium: `/media/news/${id}-medium.svg`,
      small: `/media/news/${id}-small.svg`,
    },
    sales: false,
    ...overrides,
  };
}

export function newsItems(count: number): NewsItem[] {
  return Array.from({ length: count }, (_, index) => newsItem(index + 1));
}

/** What the list answers of an item (ADR 0022): no body, no detail fields. */
function listFieldsOf({ id, title, publicationDate, headerImage, sales }: NewsItem): NewsListItem {
  return { id, title, publicationDate, headerImage, sales };
}

export interface NewsServer {
  handlers: HttpHandler[];
  /** Query parameters of every list request, oldest first. */
  requests: URLSearchParams[];
  last(): URLSearchParams;
}

export function newsServer(items: readonly NewsItem[]): NewsServer {
  const requests: URLSearchParams[] = [];
  const handlers = [
    http.get(url('/api/news'), ({ request }) => {
      const params = new URL(request.url).searchParams;
      requests.push(params);
      const page = Number(params.get('page') ?? '1');
      const size = Number(params.get('size') ?? '30');
      const query = params.get('query')?.trim().toLowerCase() ?? '';
      const from = Number(params.get('fromDateTime') ?? -Infinity);
      const to = Number(params.get('toDateTime') ?? Infinity);
      const matches = items.filter(
        (item) =>
          item.title.toLowerCase().includes(query) &&
          item.publicationDate >= from &&
          item.publicationDate <= to,
      );
      return HttpResponse.json(matches.slice((page - 1) * size, page * size).map(listFieldsOf), {
        headers: { 'X-Total-Count': String(matches.length) },
      });
    }),
    http.get(url('/api/news/:id'), ({ params }) => {
      const item = items.find((i) => String(i.id) === params['id']);
      return item ? HttpResponse.json(item) : problemResponse(404, 'There is no news item.');
    }),
  ];
  return {
    handlers,
    requests,
    last() {
      const last = requests.at(-1);
      if (!last) throw new Error('No news list request was made');
      return last;
    },
  };
}
