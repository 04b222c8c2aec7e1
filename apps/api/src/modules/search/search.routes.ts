import {
  productSearchCountQuerySchema,
  supportSearchCountQuerySchema,
  textSearchCountQuerySchema,
} from '@portico/contracts';
import type { FastifyPluginCallback, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { callerIdOf } from '../../lib/caller.js';
import { BadRequestError } from '../../lib/errors.js';
import {
  getCombinedCounts,
  getCommunityCount,
  getProductCounts,
  getSupportCounts,
  getUniversityCount,
  type SearchContext,
} from './search.service.js';
import { createSearchSources } from './search-sources.js';

function parseQuery<S extends z.ZodType>(schema: S, request: FastifyRequest): z.output<S> {
  const parsed = schema.safeParse(request.query);
  if (!parsed.success) {
    throw new BadRequestError(parsed.error.issues.map((issue) => issue.message).join('; '));
  }
  return parsed.data;
}

function privateAnswer(reply: FastifyReply): FastifyReply {
  // Counts depend on the caller (account, permissions): never shared by a cache.
  return reply.header('cache-control', 'private, no-store');
}

/**
 * The federated search count endpoints (issue 4, §7 search rows). Every one needs the bearer
 * token; the sources are picked once, from configuration (search-sources.ts).
 */
export const searchRoutes: FastifyPluginCallback = (app, _options, done) => {
  const sources = createSearchSources(app.env, app.db);
  const contextOf = (request: FastifyRequest): SearchContext => ({
    db: app.db,
    sources,
    env: app.env,
    log: request.log,
  });

  app.get('/api/search/count', async (request, reply) => {
    const criteria = parseQuery(productSearchCountQuerySchema, request);
    return privateAnswer(reply).send(await getProductCounts(contextOf(request), criteria));
  });

  app.get('/api/search/combined-count', async (request, reply) => {
    const criteria = parseQuery(productSearchCountQuerySchema, request);
    return privateAnswer(reply).send(await getCombinedCounts(contextOf(request), criteria));
  });

  app.get('/api/communities/search/count', async (request, reply) => {
    const { query } = parseQuery(textSearchCountQuerySchema, request);
    return privateAnswer(reply).send(await getCommunityCount(contextOf(request), query));
  });

  app.get('/api/support/count', async (request, reply) => {
    const criteria = parseQuery(supportSearchCountQuerySchema, request);
    const counts = await getSupportCounts(contextOf(request), callerIdOf(request), criteria);
    return privateAnswer(reply).send(counts);
  });

  app.get('/api/university/search/count', async (request, reply) => {
    const { query } = parseQuery(textSearchCountQuerySchema, request);
    return privateAnswer(reply).send(await getUniversityCount(contextOf(request), query));
  });

  done();
};
