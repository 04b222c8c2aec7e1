// modules/search (§2 search results): the federated search's counts and sources, the hits
// under the cards, suggestions, recent and saved searches (issue 38, ADR 0066).
import type { FastifyInstance } from 'fastify';
import { rootPlugin } from '../../lib/root-plugin.js';
import { savedSearchRoutes } from './saved-searches.routes.js';
import { searchRoutes } from './search.routes.js';

/** /api/search*, /api/communities/search/count, /api/support/count, /api/university/search/count. */
export const searchModule = rootPlugin('portico-search', async (app: FastifyInstance) => {
  await app.register(searchRoutes);
  await app.register(savedSearchRoutes); // /api/search/saved (issue 38)
});

// The saved searches' check job (plugins/jobs) and the unsubscribe of their e-mail.
export { defineSavedSearchJobs } from './saved-searches.jobs.js';
export { stopSavedSearchMail } from './saved-searches.repository.js';
