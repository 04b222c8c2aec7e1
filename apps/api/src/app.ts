import Fastify, { type FastifyInstance } from 'fastify';
import type { Env } from './config/env.js';
import type { Db } from './db/db.js';
import type { AppState } from './types.js';
import './types.js';

export interface AppOptions {
  env: Env;
  db: Db;
  /** Start in the ready state (tests build over an already migrated database). */
  ready?: boolean;
}

/**
 * Builds the whole server from plugins, without listening, so tests can use app.inject().
 * Order matters: headers and errors first, then auth, then routes, then the SPA fallback.
 */
export async function buildApp({ env, db, ready = false }: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: env.LOG_LEVEL === 'silent' ? false : { level: env.LOG_LEVEL },
    bodyLimit: 1024 * 1024,
  });
  const state: AppState = { ready, shuttingDown: false };
  app.decorate('env', env);
  app.decorate('db', db);
  app.decorate('state', state);
  app.decorateRequest('caller', null);

  // Plugins and route modules are registered below, one line each.

  return app;
}
