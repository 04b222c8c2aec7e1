import Fastify, { type FastifyInstance, type RouteOptions } from 'fastify';
import type { Env } from './config/env.js';
import type { Db } from './db/db.js';
import { loggerOptions, type LogStream } from './lib/log-redaction.js';
import { telemetry } from './lib/telemetry/hooks.js';
import type { AppState } from './types.js';
import { accountModule } from './modules/account/index.js';
import { cloudModule } from './modules/cloud/index.js';
import { contentModule } from './modules/content/index.js';
import { devOutboxModule } from './modules/dev-outbox/index.js';
import { firstPaintModule } from './modules/first-paint/index.js';
import { invoicesModule } from './modules/invoices/index.js';
import { mediaModule } from './modules/media/index.js';
import { mySettingsModule } from './modules/my-settings/index.js';
import { mySolutionsModule } from './modules/my-solutions/index.js';
import { newsModule } from './modules/news/index.js';
import { newsEditorModule } from './modules/news-editor/index.js';
import { notificationsModule } from './modules/notifications/index.js';
import { partnerModule } from './modules/partner/index.js';
import { runtimeConfigModule } from './modules/runtime-config/index.js';
import { searchModule } from './modules/search/index.js';
import { servicesModule } from './modules/services/index.js';
import { sharedModule } from './modules/shared/index.js';
import { userManagementModule } from './modules/user-management/index.js';
import { authPlugin } from './plugins/auth.js';
import { errorsPlugin, frameworkErrors } from './plugins/errors.js';
import { healthPlugin } from './plugins/health.js';
import { jobsPlugin, type JobsPluginOptions } from './plugins/jobs.js';
import { metricsPlugin } from './plugins/metrics.js';
import { oidcPlugin } from './modules/oidc/index.js';
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
    frameworkErrors, // a URL Fastify cannot decode: problem+json like every error (ADR 0065)
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
  // The modules, each through its index.ts (its routes; docs/architecture.md, ADR 0071).
  await app.register(runtimeConfigModule); // /config.json
  await app.register(sharedModule); // /shared/* header, footer, sprite
  await app.register(mediaModule); // public /media/* images (news banners, logo)
  await app.register(mySettingsModule); // /api/users/me*, /api/subscriptions, /unsubscribe (issue 12)
  await app.register(userManagementModule); // /api/users list, CRUD, invitations (issue 15)
  await app.register(devOutboxModule); // /dev/outbox when mail goes to the database
  await app.register(contentModule);
  await app.register(accountModule);
  await app.register(newsModule);
  await app.register(firstPaintModule); // the news list rendered into the first HTML (ADR 0044)
  await app.register(newsEditorModule); // news publishing by vendor employees (issue 12)
  await app.register(searchModule); // federated search counts (issue 4)
  await app.register(servicesModule); // /api/support/* and the built-in desk /support-desk (issue 5)
  await app.register(partnerModule);
  await app.register(cloudModule); // /api/cloud/* (issue 14)
  await app.register(invoicesModule); // /api/invoices* (issue 14)
  await app.register(notificationsModule); // live streams (ADR 0054), /api/notifications (issue 12)
  await app.register(mySolutionsModule); // /downloads/*, /api/products* (issues 5, 13)

  await app.register(sourceMapsPlugin); // no /assets/*.map unless SOURCE_MAPS=1 (issue 11 §7)
  // Answers what nothing above claimed (index.html for client routes): keep it last.
  await app.register(spaPlugin, spa);

  return app;
}
