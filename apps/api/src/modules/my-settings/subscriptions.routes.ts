import { subscriptionListSchema, subscriptionUpdateSchema } from '@portico/contracts';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { callerIdOf } from '../../lib/caller.js';
import { bearerErrors } from '../../lib/route-schemas.js';
import { listSubscriptions, updateSubscriptions } from './subscriptions.service.js';
import { privateNoStore } from '../../lib/reply.js';

const tags = ['subscriptions'];

/** §7 "GET and POST e-mail subscriptions": the caller's own, never anyone else's. */
export const subscriptionsRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  app.get(
    '/api/subscriptions',
    {
      schema: {
        operationId: 'getMySubscriptions',
        summary: "The caller's e-mail subscriptions",
        description:
          'Every topic the caller can subscribe to, with its frequency (the default where the caller chose none; ADR 0030).',
        tags,
        response: {
          200: subscriptionListSchema.describe('Every topic of the caller with its frequency.'),
          ...bearerErrors(404),
        },
      },
    },
    async (request, reply) => {
      privateNoStore(reply);
      return listSubscriptions(app.db, callerIdOf(request));
    },
  );

  app.post(
    '/api/subscriptions',
    {
      schema: {
        operationId: 'updateMySubscriptions',
        summary: "Change the caller's e-mail subscriptions",
        description:
          'Sets the frequency of the topics sent; the others stay as they are. Product topics name a connected product by contentId.',
        tags,
        body: subscriptionUpdateSchema,
        response: {
          200: subscriptionListSchema.describe('The subscriptions after the change.'),
          ...bearerErrors(400, 404),
        },
      },
    },
    async (request, reply) => {
      privateNoStore(reply);
      return updateSubscriptions(app.db, callerIdOf(request), request.body);
    },
  );
  done();
};
