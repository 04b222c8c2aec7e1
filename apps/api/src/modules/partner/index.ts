// modules/partner: the partner details of the caller's account.
import { partnerRoutes } from './partner.routes.js';

/** /api/partner. */
export const partnerModule = partnerRoutes;
