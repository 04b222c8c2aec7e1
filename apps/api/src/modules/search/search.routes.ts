import {
  combinedSearchCountsSchema,
  communitySearchCountSchema,
  productSearchCountQuerySchema,
  productSearchCountsSchema,
  recentSearchesSchema,
  searchHitsQuerySchema,
  searchHitsSchema,
  searchSuggestionsSchema,
  supportSearchCountQuerySchema,
  supportSearchCountsSchema,
  textSearchCountQuerySchema,
  universitySearchCountSchema,
} from '@portico/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { callerIdOf } from '../../lib/caller.js';
import { bearerErrors, readSchema } from '../../lib/route-schemas.js';
import {
  getCombinedCounts,
  getCommunityCount,
  getProductCounts,
  getSupportCounts,
  getUniversityCount,
  type SearchContext,
} from './search.service.js';
import { searchBudgetHook } from '../search-budget/index.js';
import { getSearchHits } from './search-hits.service.js';
import { getRecentSearches, getSuggestions, rememberSearch } from './search-suggestions.service.js';
import { createSearchSources } from './search-sources.js';
import { privateNoStore } from '../../lib/reply.js';

const tags = ['search'];

/**
 * The federated search count endpoints (issue 4, §7 search rows). Every one needs the bearer
 * token; the sources are picked once, from configuration (search-sources.ts). Counts depend on
 * the caller (account, permissions): no answer is kept by a shared cache (privateNoStore).
 */
export const searchRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  const caches = app.readCaches.search;
  const sources = createSearchSources(app.env, app.db, caches);
  const contextOf = (request: FastifyRequest): SearchContext => ({
    db: app.db,
    sources,
    env: app.env,
    log: request.log,
    caches,
  });
  const hitsContext = { db: app.db, env: app.env, caches };
  // Every count call spends one call of the caller's search budget (ADR 0061).
  const preHandler = searchBudgetHook(app);

  app.get(
    '/api/search/count',
    {
      preHandler,
      schema: readSchema({
        operationId: 'countProductSearchMatches',
        summary: 'Product content counts for a search',
        tags,
        querystring: productSearchCountQuerySchema,
        response: productSearchCountsSchema.describe(
          'Documentation, software download and product news matches (at most 1000 each).',
        ),
        errors: [400, 404, 429],
      }),
    },
    async (request, reply) =>
      privateNoStore(reply).send(await getProductCounts(contextOf(request), request.query)),
  );

  app.get(
    '/api/search/combined-count',
    {
      preHandler,
      schema: readSchema({
        operationId: 'countAllSearchMatches',
        summary: 'Every count of the search results page in one call',
        tags,
        querystring: productSearchCountQuerySchema,
        response: combinedSearchCountsSchema.describe(
          'Product, community and news counts; a failed source is null and named in errors.',
        ),
        errors: [400, 404, 429],
      }),
    },
    async (request, reply) =>
      privateNoStore(reply).send(await getCombinedCounts(contextOf(request), request.query)),
  );

  app.get(
    '/api/search/hits',
    {
      preHandler,
      schema: readSchema({
        operationId: 'findSearchHits',
        summary: 'The best hits of every source the portal holds, for the results page',
        description:
          'Ranked (title matches first) with highlighted titles and snippets as text segments. ' +
          'Typo tolerant: a query that finds nothing is answered for its spelling correction ' +
          '(correction.applied), and a correction that finds far more is offered. Sources as ' +
          'for the counts: support sources with SUPPORT_SERVICE_NOW, product sources for a ' +
          'product the caller reaches; external count services have no hits here.',
        tags,
        querystring: searchHitsQuerySchema,
        response: searchHitsSchema.describe("Up to three hits per source, in the cards' order."),
        errors: [400, 404, 429],
      }),
    },
    async (request, reply) => {
      const callerId = callerIdOf(request);
      const hits = await getSearchHits(hitsContext, callerId, request.query);
      // The results page's search is what the header box offers again while empty.
      await rememberSearch(app.db, callerId, request.query.query, request.query.productId);
      return privateNoStore(reply).send(hits);
    },
  );

  app.get(
    '/api/search/suggestions',
    {
      // Not of the search budget: asked while typing (debounced, from 3 characters), each a
      // few bounded index reads; the results page's calls spend it (ADR 0066).
      schema: readSchema({
        operationId: 'suggestSearchTitles',
        summary: 'Titles to suggest while a search is typed',
        description:
          'Up to 8 titles, across the sources the caller may search, whose words begin with ' +
          'the typed words; none before 3 characters. The typed prefixes are marked.',
        tags,
        querystring: searchHitsQuerySchema,
        response: searchSuggestionsSchema.describe('Each title with its source and its address.'),
        errors: [400, 404],
      }),
    },
    async (request, reply) =>
      privateNoStore(reply).send(
        await getSuggestions(hitsContext, callerIdOf(request), request.query),
      ),
  );

  app.get(
    '/api/search/recent',
    {
      schema: {
        operationId: 'listRecentSearches',
        summary: "The caller's recent searches, newest first",
        tags,
        response: {
          200: recentSearchesSchema.describe('At most 8 queries with their product (or null).'),
          ...bearerErrors(),
        },
      },
    },
    async (request, reply) =>
      privateNoStore(reply).send(await getRecentSearches(hitsContext, callerIdOf(request))),
  );

  app.get(
    '/api/communities/search/count',
    {
      preHandler,
      schema: readSchema({
        operationId: 'countCommunitySearchMatches',
        summary: 'Community matches for a search',
        tags,
        querystring: textSearchCountQuerySchema,
        response: communitySearchCountSchema.describe(
          "The count and the community site's search address.",
        ),
        errors: [400, 429],
      }),
    },
    async (request, reply) =>
      privateNoStore(reply).send(await getCommunityCount(contextOf(request), request.query.query)),
  );

  app.get(
    '/api/support/count',
    {
      preHandler,
      schema: readSchema({
        operationId: 'countSupportSearchMatches',
        summary: 'Support matches for a search',
        description: "userId must be the caller's own id; callers without support access get 403.",
        tags,
        querystring: supportSearchCountQuerySchema,
        response: supportSearchCountsSchema.describe(
          "Cases of the caller's account, service catalogue items and knowledge articles.",
        ),
        errors: [400, 403, 404, 429],
      }),
    },
    async (request, reply) => {
      const counts = await getSupportCounts(contextOf(request), callerIdOf(request), request.query);
      return privateNoStore(reply).send(counts);
    },
  );

  app.get(
    '/api/university/search/count',
    {
      preHandler,
      schema: readSchema({
        operationId: 'countUniversitySearchMatches',
        summary: 'Learning platform matches for a search',
        tags,
        querystring: textSearchCountQuerySchema,
        response: universitySearchCountSchema.describe(
          'The count (-1 when the learning platform cannot be reached) and its search address.',
        ),
        errors: [400, 429],
      }),
    },
    async (request, reply) =>
      privateNoStore(reply).send(await getUniversityCount(contextOf(request), request.query.query)),
  );

  done();
};
