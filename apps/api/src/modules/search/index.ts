// modules/search (§2 search results): the federated search's counts and sources, the hits
// under the cards, suggestions, recent and saved searches (issue 38, ADR 0066).
import type { FastifyInstance } from 'fastify';
import { rootPlugin } from '../../lib/root-plugin.js';
import { registerUnsubscribeScope } from '../my-settings/index.js';
import { stopSavedSearchMail } from './saved-searches.service.js';
import { savedSearchRoutes } from './saved-searches.routes.js';
import { searchRoutes } from './search.routes.js';
// The saved searches' texts: the unsubscribe page of their e-mail names them too.
import './saved-searches.texts.js';

/** /api/search*, /api/communities/search/count, /api/support/count, /api/university/search/count. */
export const searchModule = rootPlugin('portico-search', async (app: FastifyInstance) => {
  await app.register(searchRoutes);
  await app.register(savedSearchRoutes); // /api/search/saved (issue 38)
});

// The one-click unsubscribe of a saved search's e-mail: that search stops mailing, its bell
// stays (scope saved-search:{id}, ADR 0066).
registerUnsubscribeScope({
  pattern: /^saved-search:([1-9][0-9]{0,17})$/,
  nameKey: 'subscriptions.saved-search',
  unsubscribe: stopSavedSearchMail,
});

// The saved searches' check job (plugins/jobs).
export { defineSavedSearchJobs } from './saved-searches.jobs.js';

// The search answers' read caches (plugins/read-caches, ADR 0066 addendum).
export { createSearchCaches, type SearchCaches } from './search-cache.js';
