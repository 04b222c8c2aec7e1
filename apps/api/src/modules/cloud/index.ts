// modules/cloud (issue 14): the cloud instances, their maintenance and availability.
import { cloudRoutes } from './cloud.routes.js';

/** /api/cloud/*. */
export const cloudModule = cloudRoutes;
