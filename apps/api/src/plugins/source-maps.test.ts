import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPlatformApp } from '../../test/platform-app.js';
import { createTempDist, sourceMap } from '../../test/temp-dist.js';

describe('source maps of the web build (issue 11 §7)', () => {
  let dist: Awaited<ReturnType<typeof createTempDist>>;
  let app: FastifyInstance;
  let optedIn: FastifyInstance;
  beforeAll(async () => {
    dist = await createTempDist();
    app = await createPlatformApp({ distDir: dist.dir });
    optedIn = await createPlatformApp({ distDir: dist.dir, env: { SOURCE_MAPS: '1' } });
  });
  afterAll(async () => {
    await app.close();
    await optedIn.close();
    await dist.remove();
  });

  it.each([
    '/assets/index-abc123.js.map',
    '/assets/index-abc123.js.MAP',
    '/assets/index-abc123.js%2emap',
    '/assets/index-abc123.js.map?v=1',
  ])('are not served by default: %s answers 404 without the source', async (url) => {
    const res = await app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('the whole source');
  });

  it('leaves the scripts themselves alone', async () => {
    const res = await app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(res.statusCode).toBe(200);
  });

  it('are served with SOURCE_MAPS=1', async () => {
    const res = await optedIn.inject({ method: 'GET', url: '/assets/index-abc123.js.map' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(sourceMap);
  });
});
