// modules/partner: the partner details of the caller's account.
import { partnerRoutes } from './partner.routes.js';

/** /api/partner. */
export const partnerModule = partnerRoutes;

// The customer accounts a partner serves (§7): the account picker offers them (ADR 0070).
export { partnerCustomerAccounts } from './partner.service.js';
