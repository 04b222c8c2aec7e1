import Fastify, { type FastifyInstance, type LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
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
import { createTempDist } from './temp-dist.js';
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

export interface PlatformSuiteOptions extends Omit<PlatformAppOptions, 'distDir'> {
  /**
   * Serve a fake built SPA (createTempDist), made before the app and removed after it;
   * a function may first add files of its own to the folder.
   */
  tempDist?: true | ((dir: string) => Promise<void>);
  /** Serve this folder as the built SPA instead (a missing one is allowed). */
  distDir?: string;
}

/**
 * A platform app (createPlatformApp) for the enclosing describe: created before its tests,
 * closed after them (and its temporary SPA build removed). Read `app` only inside hooks and
 * tests.
 */
export function platformAppPerSuite(options: PlatformSuiteOptions = {}): {
  readonly app: FastifyInstance;
  /** GET `url` with these request headers. */
  get: (url: string, headers?: Record<string, string>) => Promise<LightMyRequestResponse>;
} {
  const { tempDist, ...appOptions } = options;
  let app: FastifyInstance | undefined;
  let dist: Awaited<ReturnType<typeof createTempDist>> | undefined;
  beforeAll(async () => {
    if (tempDist) {
      dist = await createTempDist();
      if (typeof tempDist === 'function') await tempDist(dist.dir);
    }
    app = await createPlatformApp({ ...appOptions, ...(dist ? { distDir: dist.dir } : {}) });
  });
  afterAll(async () => {
    await app?.close();
    await dist?.remove();
  });
  const current = (): FastifyInstance => {
    if (!app) throw new Error('platformAppPerSuite: the app exists only inside hooks and tests');
    return app;
  };
  return {
    get app() {
      return current();
    },
    get: (url, headers = {}) => current().inject({ method: 'GET', url, headers }),
  };
}
