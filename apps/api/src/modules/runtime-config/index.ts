// modules/runtime-config (§7): /config.json, what the browser needs of the server's settings.
import { runtimeConfigRoutes } from './runtime-config.routes.js';

/** /config.json. */
export const runtimeConfigModule = runtimeConfigRoutes;

// The configuration written into the first HTML (plugins/spa).
export { buildRuntimeConfig } from './runtime-config.service.js';
