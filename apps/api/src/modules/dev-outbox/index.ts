// modules/dev-outbox: the mails of a server that sends them to the database (development).
import { devOutboxRoutes } from './dev-outbox.routes.js';

/** /dev/outbox when mail goes to the database. */
export const devOutboxModule = devOutboxRoutes;
