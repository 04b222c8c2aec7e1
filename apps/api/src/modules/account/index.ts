// modules/account (§3): the caller's account. Other modules use only what this file exports.
import { accountRoutes } from './account.routes.js';

/** /api/account. */
export const accountModule = accountRoutes;
