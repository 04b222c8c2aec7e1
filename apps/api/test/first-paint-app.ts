import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { buildApp } from '../src/app.js';
import { loadEnv } from '../src/config/env.js';
import { FIRST_PAINT_COOKIE } from '../src/modules/first-paint/first-paint-cookie.js';
import { ANNA } from './demo-emails.js';
import { createTempDist } from './temp-dist.js';
import { testEnvSource } from './test-app.js';
import { createTestDb, type TestDb } from './test-db.js';
import { bearerFor } from './tokens.js';

/**
 * The app over a fresh database, with a stand-in renderer (`renderer`, the source of an ES
 * module exporting `renderFirstPaint`) in a temporary web build (ADR 0044, 0075); `token` is
 * anna's, `page` asks for an address as a browser with the first-paint cookie would.
 */
export function firstPaintApp(renderer: string, envOverrides: Record<string, string> = {}) {
  const setup = {} as {
    testDb: TestDb;
    dist: Awaited<ReturnType<typeof createTempDist>>;
    app: FastifyInstance;
    token: string;
  };
  beforeAll(async () => {
    setup.testDb = await createTestDb();
    setup.dist = await createTempDist();
    const firstPaintFile = join(setup.dist.dir, 'stand-in-first-paint.mjs');
    await writeFile(firstPaintFile, renderer);
    setup.app = await buildApp({
      env: loadEnv(testEnvSource(envOverrides)),
      db: setup.testDb.db,
      ready: true,
      spa: { distDir: setup.dist.dir, firstPaintFile },
    });
    await setup.app.ready();
    setup.token = await bearerFor(setup.app, ANNA);
  });
  afterAll(async () => {
    await setup.app.close();
    await setup.testDb.close();
    await setup.dist.remove();
  });
  const page = (url: string, cookie?: string) =>
    setup.app.inject({
      url,
      headers: {
        accept: 'text/html',
        ...(cookie ? { cookie: `${FIRST_PAINT_COOKIE}=${cookie}` } : {}),
      },
    });
  return { setup, page };
}
