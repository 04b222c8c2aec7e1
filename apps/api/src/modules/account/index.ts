// modules/account (§3): the caller's account, and the accounts they may look at (the account
// picker of /cloud and /invoices, ADR 0070). Other modules use only what this file exports.
import type { FastifyInstance } from 'fastify';
import { rootPlugin } from '../../lib/root-plugin.js';
import { accountChoicesRoutes } from './account-choices.routes.js';
import { accountRoutes } from './account.routes.js';

/** /api/account, /api/successmanager, and /api/accounts* (the account picker). */
export const accountModule = rootPlugin('portico-account', async (app: FastifyInstance) => {
  await app.register(accountRoutes);
  await app.register(accountChoicesRoutes);
});
