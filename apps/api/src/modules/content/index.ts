// modules/content: labels, products, time zones and info documents (report engine §2).
import { contentRoutes } from './content.routes.js';

/** /api/labels, /api/content/*. */
export const contentModule = contentRoutes;

// The labels of a language (the first paint writes them into the page).
export { getLabels } from './content.service.js';
