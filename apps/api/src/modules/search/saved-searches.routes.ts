import {
  savedSearchIdParamsSchema,
  savedSearchInputSchema,
  savedSearchListSchema,
  savedSearchNotifySchema,
  savedSearchSchema,
} from '@portico/contracts';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { callerIdOf } from '../../lib/caller.js';
import { NotFoundError } from '../../lib/errors.js';
import { bearerErrors, noContent } from '../../lib/route-schemas.js';
import {
  changeSavedSearch,
  getSavedSearches,
  removeSavedSearch,
  saveSearchFor,
} from './saved-searches.service.js';
import { privateNoStore } from '../../lib/reply.js';

const tags = ['search'];
const notFound = (id: string) => new NotFoundError(`You have no saved search with id ${id}.`);

/**
 * Saved searches (issue 38): the caller's own only (another user's id is a 404). New results
 * are told by the job of saved-searches.jobs.ts, in the bell and by e-mail as chosen.
 */
export const savedSearchRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  app.get(
    '/api/search/saved',
    {
      schema: {
        operationId: 'listSavedSearches',
        summary: "The caller's saved searches",
        tags,
        response: {
          200: savedSearchListSchema.describe('The saved searches, oldest first.'),
          ...bearerErrors(),
        },
      },
    },
    async (request, reply) =>
      privateNoStore(reply).send({ items: await getSavedSearches(app.db, callerIdOf(request)) }),
  );

  app.post(
    '/api/search/saved',
    {
      schema: {
        operationId: 'saveSearch',
        summary: 'Save a search (query and product) and choose how new results are told',
        description: 'Saving the same query and product again changes how it notifies (200).',
        tags,
        body: savedSearchInputSchema,
        response: {
          200: savedSearchSchema.describe('Saved before: its notification choice changed.'),
          201: savedSearchSchema.describe('Saved.'),
          ...bearerErrors(400, 404),
        },
      },
    },
    async (request, reply) => {
      // An unknown product is a 404, as for the search itself.
      const { saved, created } = await saveSearchFor(app, callerIdOf(request), request.body);
      return reply.status(created ? 201 : 200).send(saved);
    },
  );

  app.put(
    '/api/search/saved/:id',
    {
      schema: {
        operationId: 'updateSavedSearch',
        summary: 'Change how a saved search tells new results',
        tags,
        params: savedSearchIdParamsSchema,
        body: savedSearchNotifySchema,
        response: {
          200: savedSearchSchema.describe('The saved search as changed.'),
          ...bearerErrors(400, 404),
        },
      },
    },
    async (request, reply) => {
      const saved = await changeSavedSearch(
        app.db,
        callerIdOf(request),
        request.params.id,
        request.body,
      );
      if (!saved) throw notFound(request.params.id);
      return reply.send(saved);
    },
  );

  app.delete(
    '/api/search/saved/:id',
    {
      schema: {
        operationId: 'deleteSavedSearch',
        summary: 'Remove a saved search',
        tags,
        params: savedSearchIdParamsSchema,
        response: { 204: noContent('Removed.'), ...bearerErrors(400, 404) },
      },
    },
    async (request, reply) => {
      const removed = await removeSavedSearch(app.db, callerIdOf(request), request.params.id);
      if (!removed) throw notFound(request.params.id);
      return reply.code(204).send(null);
    },
  );

  done();
};
