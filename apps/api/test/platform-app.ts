import Fastify, { type FastifyInstance } from 'fastify';
import { loadEnv } from '../src/config/env.js';
import type { Db } from '../src/db/db.js';
import { runtimeConfigRoutes } from '../src/modules/runtime-config/runtime-config.routes.js';
import { sharedRoutes } from '../src/modules/shared/shared.routes.js';
import { errorsPlugin, frameworkErrors } from '../src/plugins/errors.js';
import { healthPlugin } from '../src/plugins/health.js';
import { securityHeadersPlugin } from '../src/plugins/security-headers.js';
import { sourceMapsPlugin } from '../src/plugins/source-maps.js';
import { spaPlugin } from '../src/plugins/spa.js';
import type { AppState } from '../src/types.js';
import { testEnvSource } from './test-app.js';

export interface PlatformAppOptions {
  env?: Record<string, string>;
  ready?: boolean;
  /** The built SPA to serve (a temp folder in tests); a missing folder is allowed. */
  distDir?: string;
  /** Extra routes, registered where route modules go (between the platform and the SPA). */
  routes?: (app: FastifyInstance) => void;
}

const noDatabase: Db = {
  kind: 'pglite',
  schema: 'public',
  query: () => Promise.reject(new Error('no database in platform tests')),
  exec: () => Promise.reject(new Error('no database in platform tests')),
  transaction: () => Promise.reject(new Error('no database in platform tests')),
  listen: () => Promise.reject(new Error('no database in platform tests')),
  close: () => Promise.resolve(),
};

/**
 * The platform plugins alone, in the order app.ts registers them, without a database or
 * the sign-in plugins: for testing the platform's own behaviour with test-only routes.
 */
export async function createPlatformApp(
  options: PlatformAppOptions = {},
): Promise<FastifyInstance> {
  const app = Fastify({ logger: false, frameworkErrors });
  const state: AppState = { ready: options.ready ?? true, shuttingDown: false };
  app.decorate('env', loadEnv(testEnvSource(options.env)));
  app.decorate('db', noDatabase);
  app.decorate('state', state);
  app.decorateRequest('caller', null);
  await app.register(securityHeadersPlugin);
  await app.register(errorsPlugin);
  await app.register(healthPlugin);
  await app.register(runtimeConfigRoutes);
  await app.register(sharedRoutes);
  options.routes?.(app);
  await app.register(sourceMapsPlugin);
  await app.register(spaPlugin, { distDir: options.distDir ?? '/nonexistent/portico-dist' });
  await app.ready();
  return app;
}
