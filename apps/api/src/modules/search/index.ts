// modules/search (§2 search results): the federated search's counts and sources.
import { searchRoutes } from './search.routes.js';

/** /api/search*. */
export const searchModule = searchRoutes;
