import type { FastifyPluginCallback } from 'fastify';
import { callerIdOf } from '../../lib/caller.js';
import { partnerCustomerAccounts } from './partner.service.js';

/** `GET /api/partner/accounts` (§7, issue 5): the partner's customer accounts; 403 for others. */
export const partnerRoutes: FastifyPluginCallback = (app, _options, done) => {
  app.get('/api/partner/accounts', async (request, reply) =>
    reply
      .header('cache-control', 'private, no-store')
      .send(await partnerCustomerAccounts(app.db, callerIdOf(request))),
  );
  done();
};
