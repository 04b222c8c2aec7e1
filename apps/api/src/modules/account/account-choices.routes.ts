import {
  accountChoiceListSchema,
  accountIdParamsSchema,
  accountSearchQuerySchema,
  recentAccountsSchema,
} from '@portico/contracts';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { accountCallerOf } from '../../lib/account-scope.js';
import { bearerErrors, noContent, readSchema } from '../../lib/route-schemas.js';
import {
  recentAccountChoices,
  recordRecentAccount,
  searchAccountChoices,
} from './account-choices.service.js';

const tags = ['account'];
const who =
  'A vendor employee may look at any account, a partner at their own and the customer accounts they serve (`GET /api/partner/accounts`), anyone else at their own.';

/**
 * The account picker of /cloud and /invoices (issue 37, ADR 0070): search the accounts the
 * caller may look at, and the recently used ones, kept per user on the server so they follow
 * the user to every device and every node.
 */
export const accountChoicesRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  const privately = { 'cache-control': 'private, no-store' };

  app.get(
    '/api/accounts',
    {
      schema: readSchema({
        operationId: 'searchAccounts',
        summary: 'Accounts the caller may look at, by a part of the name or id',
        description: `\`query\` (a part of the name, id or enterprise customer id, any case; empty for all) and \`limit\` (1–50, default 20); by name. ${who}`,
        tags,
        querystring: accountSearchQuerySchema,
        response: accountChoiceListSchema.describe('The matching accounts, by name.'),
        errors: [400],
      }),
    },
    async (request, reply) =>
      reply
        .headers(privately)
        .send(
          await searchAccountChoices(app.db, await accountCallerOf(app.db, request), request.query),
        ),
  );

  app.get(
    '/api/accounts/recent',
    {
      schema: {
        operationId: 'listRecentAccounts',
        summary: "The caller's own account and the accounts they used last",
        description: `Newest first, at most 8; the picker opens on the first. ${who}`,
        tags,
        response: {
          200: recentAccountsSchema.describe('The own account and the recently used ones.'),
          ...bearerErrors(),
        },
      },
    },
    async (request, reply) =>
      reply
        .headers(privately)
        .send(await recentAccountChoices(app.db, await accountCallerOf(app.db, request))),
  );

  app.put(
    '/api/accounts/recent/:accountId',
    {
      schema: {
        operationId: 'useAccount',
        summary: 'Records that the caller picked an account',
        description: `The account moves to the front of the caller's recent accounts. An account the caller may not look at is a 404. ${who}`,
        tags,
        params: accountIdParamsSchema,
        response: { 204: noContent('Recorded.'), ...bearerErrors(400, 404) },
      },
    },
    async (request, reply) => {
      await recordRecentAccount(
        app.db,
        await accountCallerOf(app.db, request),
        request.params.accountId,
      );
      return reply.code(204).headers(privately).send(null);
    },
  );

  done();
};
