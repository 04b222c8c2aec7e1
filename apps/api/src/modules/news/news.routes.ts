import { newsListQuerySchema } from '@portico/contracts';
import type { FastifyPluginCallback } from 'fastify';
import { BadRequestError, NotFoundError } from '../../lib/errors.js';
import { getNewsItem, getNewsPage } from './news.service.js';

/** Ids are bigint identities; more digits than that cannot name a row. */
const ID_PATTERN = /^\d+$/;
const MAX_ID_DIGITS = 15;

/**
 * `GET /api/news` and `GET /api/news/:id` (§7 news rows). Both need the bearer token (the
 * auth plugin guards every /api route that is not marked public).
 */
export const newsRoutes: FastifyPluginCallback = (app, _options, done) => {
  app.get('/api/news', async (request, reply) => {
    const parsed = newsListQuerySchema.safeParse(request.query);
    if (!parsed.success) {
      throw new BadRequestError(parsed.error.issues.map((issue) => issue.message).join('; '));
    }
    const page = await getNewsPage(app.db, parsed.data);
    return reply
      .header('x-total-count', String(page.total))
      .header('access-control-expose-headers', 'X-Total-Count')
      .send(page.items);
  });

  app.get<{ Params: { id: string } }>('/api/news/:id', async (request) => {
    const { id } = request.params;
    if (!ID_PATTERN.test(id)) throw new BadRequestError('The news id must be a whole number.');
    if (id.length > MAX_ID_DIGITS) throw new NotFoundError(`There is no news item with id ${id}.`);
    return getNewsItem(app.db, Number(id));
  });

  done();
};
