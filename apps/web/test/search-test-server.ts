import type {
  CombinedSearchCounts,
  CommunitySearchCount,
  SearchHits,
  SupportSearchCounts,
  UniversitySearchCount,
  UserProfile,
} from '@portico/contracts';
import { http, HttpResponse, type HttpHandler } from 'msw';
import { afterEach, beforeEach } from 'vitest';
import { installAnalytics } from '../src/lib/analytics/analytics.js';
import {
  installRecordingAnalytics,
  type RecordingAnalytics,
} from '../src/lib/analytics/recording-analytics.js';
import { demoProfile, url } from './app-test-harness.js';
import { problemResponse } from './error-cases.js';

/**
 * MSW handlers for the search page's count sources, answering like the real API, with counts
 * and failures the test chooses; every request is recorded. Only tests import this file.
 */

export type SearchEndpoint = 'combined' | 'community' | 'news' | 'support' | 'university' | 'hits';

const paths: Record<SearchEndpoint, string> = {
  combined: '/api/search/combined-count',
  community: '/api/communities/search/count',
  news: '/api/news',
  support: '/api/support/count',
  university: '/api/university/search/count',
  hits: '/api/search/hits',
};

export interface SearchAnswers {
  productDocumentation: number;
  productSoftwareDownloads: number;
  productNews: number;
  community: number;
  news: number;
  casesCount: number;
  serviceCatalogCount: number;
  knowledgeArticlesCount: number;
  university: number;
}

export const everySourceAnswers: SearchAnswers = {
  productDocumentation: 4,
  productSoftwareDownloads: 0,
  productNews: 1,
  community: 12,
  news: 7,
  casesCount: 2,
  serviceCatalogCount: 3,
  knowledgeArticlesCount: 5,
  university: 9,
};

export const noSourceAnswers: SearchAnswers = {
  productDocumentation: 0,
  productSoftwareDownloads: 0,
  productNews: 0,
  community: 0,
  news: 0,
  casesCount: 0,
  serviceCatalogCount: 0,
  knowledgeArticlesCount: 0,
  university: 0,
};

export const communityUrl = (query: string) =>
  `https://community.portico.test/search?${new URLSearchParams({ query }).toString()}`;
export const learningUrl = (query: string) =>
  `https://learning.portico.test/search?${new URLSearchParams({ query }).toString()}`;
export const supportUrl = (path: string, query: string) =>
  `https://support.portico.test/${path}?${new URLSearchParams({ query }).toString()}`;

export interface SearchServerOptions {
  answers?: SearchAnswers;
  /** Endpoints that answer 502 (the way the API reports a failed source). */
  failing?: SearchEndpoint[];
  /** Sources the combined count reports as failed inside a 200 answer. */
  combinedErrors?: ('product' | 'community' | 'news')[];
  /** Endpoints that never answer (their cards stay loading). */
  hanging?: SearchEndpoint[];
  /** Endpoints that answer 429: the user's search budget is spent (ADR 0061). */
  limited?: SearchEndpoint[];
  /** The hits' answer for a query (issue 38); by default no source has hits. */
  hits?: (query: string) => SearchHits;
}

export interface SearchServer {
  handlers: HttpHandler[];
  /** Query parameters of every request to an endpoint, oldest first. */
  requests(endpoint: SearchEndpoint): URLSearchParams[];
}

const badGateway = () => problemResponse(502, 'The source could not be searched.');

const tooManyRequests = () =>
  problemResponse(
    429,
    'You have searched too often in a short time. Please wait 42 seconds and try again.',
    { headers: { 'retry-after': '42' } },
  );

export function searchServer(options: SearchServerOptions = {}): SearchServer {
  const answers = options.answers ?? everySourceAnswers;
  const recorded: Record<SearchEndpoint, URLSearchParams[]> = {
    combined: [],
    community: [],
    news: [],
    support: [],
    university: [],
    hits: [],
  };
  const combinedErrors = new Set(options.combinedErrors ?? []);

  const handle = (endpoint: SearchEndpoint, answer: (params: URLSearchParams) => Response) =>
    http.get(url(paths[endpoint]), async ({ request }) => {
      const params = new URL(request.url).searchParams;
      recorded[endpoint].push(params);
      if (options.hanging?.includes(endpoint)) await new Promise<never>(() => undefined);
      if (options.failing?.includes(endpoint)) return badGateway();
      if (options.limited?.includes(endpoint)) return tooManyRequests();
      return answer(params);
    });

  const community = (query: string): CommunitySearchCount => ({
    count: answers.community,
    url: communityUrl(query),
  });

  const handlers = [
    handle('combined', (params) => {
      const query = params.get('query') ?? '';
      const failed = (source: 'product' | 'community' | 'news') => combinedErrors.has(source);
      const body: CombinedSearchCounts = {
        productDocumentation: failed('product') ? null : answers.productDocumentation,
        productSoftwareDownloads: failed('product') ? null : answers.productSoftwareDownloads,
        productNews: failed('product') ? null : answers.productNews,
        communitySearch: failed('community') ? null : community(query),
        news: failed('news') ? null : answers.news,
        errors: [...combinedErrors].map((source) => ({ source, message: `${source} failed` })),
      };
      return HttpResponse.json(body);
    }),
    handle('community', (params) => HttpResponse.json(community(params.get('query') ?? ''))),
    handle('news', () =>
      HttpResponse.json([], { headers: { 'X-Total-Count': String(answers.news) } }),
    ),
    handle('support', (params) => {
      const query = params.get('query') ?? '';
      const body: SupportSearchCounts = {
        casesCount: answers.casesCount,
        serviceCatalogCount: answers.serviceCatalogCount,
        knowledgeArticlesCount: answers.knowledgeArticlesCount,
        casesUrl: supportUrl('cases', query),
        serviceCatalogUrl: supportUrl('catalog', query),
        knowledgeArticlesUrl: supportUrl('knowledge', query),
      };
      return HttpResponse.json(body);
    }),
    handle('university', (params) => {
      const body: UniversitySearchCount = {
        count: answers.university,
        url: learningUrl(params.get('query') ?? ''),
      };
      return HttpResponse.json(body);
    }),
    // Issue 38: no saved search until a test saves one.
    http.get(url('/api/search/saved'), () => HttpResponse.json({ items: [] })),
    handle('hits', (params) => {
      const query = params.get('query') ?? '';
      const body: SearchHits = options.hits?.(query) ?? { query, correction: null, sources: [] };
      return HttpResponse.json(body);
    }),
  ];

  return { handlers, requests: (endpoint) => recorded[endpoint] };
}

/** Anna as the search page tests sign her in: with SUPPORT_SERVICE_NOW, so every card shows (§6). */
export const searchingAnna: UserProfile = {
  ...demoProfile,
  permissions: ['NEWS', 'SUPPORT', 'SUPPORT_SERVICE_NOW', 'USERMANAGEMENT'],
};

/**
 * Records the §7 search events of each test (a fresh recorder before each, the inert sink back
 * after): the queries and the navigations reported so far, oldest first.
 */
export function recordSearchEventsAroundEach() {
  let recorded: RecordingAnalytics | undefined;
  beforeEach(() => {
    recorded = installRecordingAnalytics();
  });
  afterEach(() => {
    installAnalytics(null);
  });
  const sink = (): RecordingAnalytics => {
    if (!recorded) throw new Error('search events are recorded inside tests only');
    return recorded;
  };
  return {
    queries: () =>
      sink()
        .recorded('siteSearchQuery')
        .map((e) => e.event),
    navigations: () =>
      sink()
        .recorded('siteSearchNavigate')
        .map((e) => e.event),
  };
}
