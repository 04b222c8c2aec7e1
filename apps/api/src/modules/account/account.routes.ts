import { accountManagerSchema, type AccountManager } from '@portico/contracts';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { callerIdOf } from '../../lib/caller.js';
import { bearerErrors, noContent } from '../../lib/route-schemas.js';
import { getAccountManager, getSuccessManager } from './account.service.js';
import { privateNoStore } from '../../lib/reply.js';

function sendContact(reply: FastifyReply, contact: AccountManager | null): FastifyReply {
  privateNoStore(reply);
  // §3/§4: "no manager" is 204 No Content, which the web stores as an error flag.
  return contact ? reply.send(contact) : reply.code(204).send();
}

function contactSchema(who: string, operationId: string) {
  return {
    operationId,
    summary: `The caller's ${who}`,
    tags: ['account'],
    response: {
      200: accountManagerSchema.describe(`The ${who} of the caller's account.`),
      204: noContent(`The caller's account has no ${who}.`),
      ...bearerErrors(404),
    },
  };
}

/**
 * `GET /api/account` (account manager) and `GET /api/successmanager` (§7, paths not shown in
 * the spec; issue 3 names them). Always the caller's own account: there is no account id to
 * pass, so there is nothing to authorise beyond the token.
 */
export const accountRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  app.get(
    '/api/account',
    { schema: contactSchema('account manager', 'getAccountManager') },
    async (request, reply) =>
      sendContact(reply, await getAccountManager(app.db, callerIdOf(request))),
  );
  app.get(
    '/api/successmanager',
    { schema: contactSchema('success manager', 'getSuccessManager') },
    async (request, reply) =>
      sendContact(reply, await getSuccessManager(app.db, callerIdOf(request))),
  );
  done();
};
