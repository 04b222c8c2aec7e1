import type { AccountManager } from '@portico/contracts';
import type { FastifyPluginCallback, FastifyReply } from 'fastify';
import { callerIdOf } from '../../lib/caller.js';
import { getAccountManager, getSuccessManager } from './account.service.js';

function sendContact(reply: FastifyReply, contact: AccountManager | null): FastifyReply {
  reply.header('cache-control', 'private, no-store');
  // §3/§4: "no manager" is 204 No Content, which the web stores as an error flag.
  return contact ? reply.send(contact) : reply.code(204).send();
}

/**
 * `GET /api/account` (account manager) and `GET /api/successmanager` (§7, paths not shown in
 * the spec; issue 3 names them). Always the caller's own account: there is no account id to
 * pass, so there is nothing to authorise beyond the token.
 */
export const accountRoutes: FastifyPluginCallback = (app, _options, done) => {
  app.get('/api/account', async (request, reply) =>
    sendContact(reply, await getAccountManager(app.db, callerIdOf(request))),
  );
  app.get('/api/successmanager', async (request, reply) =>
    sendContact(reply, await getSuccessManager(app.db, callerIdOf(request))),
  );
  done();
};
