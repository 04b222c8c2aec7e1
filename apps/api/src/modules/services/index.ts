// modules/services (§2 services, track-cases): the portal's support calls and the built-in
// Support4U desk under /support-desk.
import { servicesRoutes } from './services.routes.js';

/** /api/support/* and the desk's pages /support-desk. */
export const servicesModule = servicesRoutes;

// The desk's cookie cleared at sign-out (the oidc module's plugin) and its key sealed at start-up.
export { clearedSessionCookie, loadDeskSecret } from './desk-session.js';
