import {
  newsIdParamsSchema,
  newsItemSchema,
  newsListQuerySchema,
  newsListSchema,
} from '@portico/contracts';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { NotFoundError } from '../../lib/errors.js';
import { withTotalCountHeader } from '../../lib/reply.js';
import { bearerErrors, withTotalCount } from '../../lib/route-schemas.js';
import { hasSearchText, searchBudgetHook } from '../search-budget/index.js';
import { getCachedNewsPage, getNewsItem } from './news.service.js';

/** A page of news as both lists answer it (the news list, a product's news). */
export const newsPageResponse = withTotalCount(
  newsListSchema,
  'The items of the page.',
  'How many items match (a search counts the newest 1000 matches).',
);

/** Ids are bigint identities; more digits than that cannot name a row. */
const MAX_ID_DIGITS = 15;

/**
 * `GET /api/news` and `GET /api/news/:id` (§7 news rows). Both need the bearer token (the
 * auth plugin guards every /api route that is not marked public).
 */
export const newsRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  app.get(
    '/api/news',
    {
      // A search spends one call of the caller's search budget (ADR 0061).
      preHandler: searchBudgetHook(app, hasSearchText),
      schema: {
        operationId: 'listNews',
        summary: 'A page of news, newest first',
        description:
          'Paged, optionally filtered by text and by date (two equivalent forms, §7). The `X-Total-Count` response header holds the number of matching items (a search counts the newest 1000 matches).',
        tags: ['news'],
        querystring: newsListQuerySchema,
        response: {
          200: newsPageResponse,
          ...bearerErrors(400, 429),
        },
      },
    },
    async (request, reply) => {
      // The list is the same for every signed-in user: a page is read and serialised (with
      // the route's own response schema) once, until the news changes (ADR 0043).
      const page = await getCachedNewsPage(app.readCaches.newsList, app.db, request.query);
      if (page.json === undefined) {
        const json = reply.serialize(page.items);
        page.json = typeof json === 'string' ? json : new TextDecoder().decode(json);
      }
      return withTotalCountHeader(reply, page.total)
        .type('application/json; charset=utf-8')
        .send(page.json);
    },
  );

  app.get(
    '/api/news/:id',
    {
      schema: {
        operationId: 'getNewsItem',
        summary: 'One news item',
        tags: ['news'],
        params: newsIdParamsSchema,
        response: {
          200: newsItemSchema.describe('The news item with its sanitised HTML body.'),
          ...bearerErrors(400, 404),
        },
      },
    },
    async (request) => {
      const { id } = request.params;
      if (id.length > MAX_ID_DIGITS)
        throw new NotFoundError(`There is no news item with id ${id}.`);
      return getNewsItem(app.db, Number(id));
    },
  );

  done();
};
