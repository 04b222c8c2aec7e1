import { customerAccountListSchema } from '@portico/contracts';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { callerIdOf } from '../../lib/caller.js';
import { bearerErrors } from '../../lib/route-schemas.js';
import { partnerCustomerAccounts } from './partner.service.js';
import { privateNoStore } from '../../lib/reply.js';

/** `GET /api/partner/accounts` (§7, issue 5): the partner's customer accounts; 403 for others. */
export const partnerRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  app.get(
    '/api/partner/accounts',
    {
      schema: {
        operationId: 'listPartnerAccounts',
        summary: "The partner's customer accounts",
        tags: ['partner'],
        response: {
          200: customerAccountListSchema.describe(
            "The customer accounts of the caller's partner account.",
          ),
          ...bearerErrors(403, 404),
        },
      },
    },
    async (request, reply) =>
      privateNoStore(reply).send(await partnerCustomerAccounts(app.db, callerIdOf(request))),
  );
  done();
};
