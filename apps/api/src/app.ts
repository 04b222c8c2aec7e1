import Fastify, { type FastifyInstance, type RouteOptions } from 'fastify';
import type { Env } from './config/env.js';
import type { Db } from './db/db.js';
import { loggerOptions, type LogStream } from './lib/log-redaction.js';
import { telemetry } from './lib/telemetry/hooks.js';
import type { AppState } from './types.js';
import { accountRoutes } from './modules/account/account.routes.js';
import { cloudRoutes } from './modules/cloud/cloud.routes.js';
import { contentRoutes } from './modules/content/content.routes.js';
import { downloadsRoutes } from './modules/my-solutions/downloads.routes.js';
import { invoicesRoutes } from './modules/invoices/invoices.routes.js';
import { mediaRoutes } from './modules/media/media.routes.js';
import { newsRoutes } from './modules/news/news.routes.js';
import { firstPaintRoutes } from './modules/first-paint/first-paint.routes.js';
import { newsEditorRoutes } from './modules/news-editor/news-editor.routes.js';
import { mySolutionsRoutes } from './modules/my-solutions/my-solutions.routes.js';
import { partnerRoutes } from './modules/partner/partner.routes.js';
import { productDocumentsRoutes } from './modules/my-solutions/product-documents.routes.js';
import { runtimeConfigRoutes } from './modules/runtime-config/runtime-config.routes.js';
import { savedSearchRoutes } from './modules/search/saved-searches.routes.js';
import { searchRoutes } from './modules/search/search.routes.js';
import { sharedRoutes } from './modules/shared/shared.routes.js';
import { servicesRoutes } from './modules/services/services.routes.js';
import { devOutboxRoutes } from './modules/dev-outbox/dev-outbox.routes.js';
import { invitationRoutes } from './modules/user-management/invitation.routes.js';
import { userManagementRoutes } from './modules/user-management/user-management.routes.js';
import { userOptionsRoutes } from './modules/user-management/user-options.routes.js';
import { usersRoutes } from './modules/my-settings/users.routes.js';
import { mySettingsRoutes } from './modules/my-settings/my-settings.routes.js';
import { notificationsRoutes } from './modules/notifications/notifications.routes.js';
import { notificationStreamsPlugin } from './modules/notifications/notification-streams.js';
import { subscriptionsRoutes } from './modules/my-settings/subscriptions.routes.js';
import { unsubscribeRoutes } from './modules/my-settings/unsubscribe.routes.js';
import { authPlugin } from './plugins/auth.js';
import { errorsPlugin } from './plugins/errors.js';
import { healthPlugin } from './plugins/health.js';
import { jobsPlugin, type JobsPluginOptions } from './plugins/jobs.js';
import { metricsPlugin } from './plugins/metrics.js';
import { oidcPlugin } from './plugins/oidc.js';
import { readCachesPlugin } from './plugins/read-caches.js';
import { openapiPlugin } from './plugins/openapi.js';
import { securityHeadersPlugin } from './plugins/security-headers.js';
import { sourceMapsPlugin } from './plugins/source-maps.js';
import { spaPlugin, type SpaOptions } from './plugins/spa.js';
import './types.js';

export interface AppOptions {
  env: Env;
  db: Db;
  /** Start in the ready state (tests build over an already migrated database). */
  ready?: boolean;
  /** Where the JSON log lines go (default standard output); tests read them from here. */
  logStream?: LogStream;
  /** Sees every route as it is registered (tests check each /api route is documented). */
  onRoute?: (route: RouteOptions) => void;
  /** Where the built web app is (tests give a fake build). */
  spa?: SpaOptions;
  /** Wraps each job run (the job's trace span when tracing is on, lib/telemetry). */
  aroundJob?: JobsPluginOptions['aroundJob'];
}

/**
 * Builds the whole server from plugins, without listening, so tests can use app.inject().
 * Order matters: headers and errors first, then auth, then routes, then the SPA fallback.
 */
export async function buildApp({
  env,
  db,
  ready = false,
  logStream,
  onRoute,
  spa = {},
  aroundJob = telemetry()?.aroundJob, // set when tracing was started (ADR 0052)
}: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: loggerOptions(env.LOG_LEVEL, logStream), // secrets in URLs and headers redacted
    bodyLimit: 1024 * 1024,
    trustProxy: env.TRUST_PROXY, // X-Forwarded-* only from configured proxies (ADR 0015)
  });
  const state: AppState = { ready, shuttingDown: false };
  app.decorate('env', env);
  app.decorate('db', db);
  app.decorate('state', state);
  app.decorateRequest('caller', null);
  if (onRoute) app.addHook('onRoute', onRoute);

  // Plugins and route modules are registered below, one line each.
  await app.register(securityHeadersPlugin); // first: its hook must run before any early reply
  await app.register(errorsPlugin);
  await app.register(healthPlugin);
  await app.register(metricsPlugin); // /metrics; before the plugins that report to it (ADR 0052)
  // zod route schemas (validation, serialisation, /api/openapi.json, /api/docs): before any route
  await app.register(openapiPlugin);
  await app.register(oidcPlugin); // embedded sign-in under /oidc (none when OIDC_ISSUER is set)
  await app.register(readCachesPlugin); // token state and news list, dropped on change (ADR 0043)
  await app.register(authPlugin); // bearer JWT on /api/*: before any API route
  await app.register(jobsPlugin, aroundJob ? { aroundJob } : {}); // mail + job queue (issue 15, shared with issue 12)
  await app.register(runtimeConfigRoutes);
  await app.register(sharedRoutes);
  await app.register(mediaRoutes); // public /media/* images (news banners, logo)
  await app.register(downloadsRoutes); // public /downloads/* (the report engine package, issue 5)
  await app.register(usersRoutes);
  await app.register(userManagementRoutes); // /api/users list, CRUD, invitations (issue 15)
  await app.register(userOptionsRoutes); // /api/users/profiles, products, …: the form's choices
  await app.register(invitationRoutes); // the one-time invitation link /invitation/:token
  await app.register(devOutboxRoutes); // /dev/outbox when mail goes to the database
  await app.register(contentRoutes);
  await app.register(accountRoutes);
  await app.register(newsRoutes);
  await app.register(firstPaintRoutes); // the news list rendered into the first HTML (ADR 0044)
  await app.register(newsEditorRoutes); // news publishing by vendor employees (issue 12)
  await app.register(searchRoutes); // federated search counts (issue 4)
  await app.register(savedSearchRoutes); // saved searches (issue 38)
  await app.register(servicesRoutes); // /api/support/* and the built-in desk /support-desk (issue 5)
  await app.register(partnerRoutes);
  await app.register(cloudRoutes); // /api/cloud/* (issue 14)
  await app.register(invoicesRoutes); // /api/invoices* (issue 14)
  await app.register(mySettingsRoutes); // /api/users/me/settings, sign out everywhere (issue 12)
  await app.register(subscriptionsRoutes); // /api/subscriptions (issue 12)
  await app.register(notificationStreamsPlugin); // live notification streams (ADR 0054)
  await app.register(notificationsRoutes); // /api/notifications (issue 12)
  await app.register(unsubscribeRoutes); // one-click /unsubscribe, signed out (issue 12)
  await app.register(productDocumentsRoutes); // /api/products/:productId/documents* (issue 13)
  await app.register(mySolutionsRoutes); // /api/products* (issue 13, all but documents)

  await app.register(sourceMapsPlugin); // no /assets/*.map unless SOURCE_MAPS=1 (issue 11 §7)
  // Answers what nothing above claimed (index.html for client routes): keep it last.
  await app.register(spaPlugin, spa);

  return app;
}
