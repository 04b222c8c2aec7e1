import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPlatformApp } from '../../test/platform-app.js';

describe('health probes (issue 2 §7)', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await createPlatformApp({ ready: false });
  });
  afterAll(() => app.close());

  const get = (url: string) => app.inject({ method: 'GET', url });

  it('reports not ready until the start-up work is done, then ready', async () => {
    const starting = await get('/health/ready');
    expect(starting.statusCode).toBe(503);
    expect(starting.json()).toEqual({ status: 'starting' });
    expect(starting.headers['cache-control']).toBe('no-store');

    app.state.ready = true;
    const ready = await get('/health/ready');
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready' });
  });

  it('reports not ready again while shutting down', async () => {
    app.state.ready = true;
    app.state.shuttingDown = true;
    const res = await get('/health/ready');
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ status: 'shutting-down' });
    app.state.shuttingDown = false;
  });

  it('is live in every state', async () => {
    for (const [ready, shuttingDown] of [
      [false, false],
      [true, false],
      [true, true],
    ] as const) {
      app.state.ready = ready;
      app.state.shuttingDown = shuttingDown;
      const res = await get('/health/live');
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ status: 'live' });
    }
    app.state.shuttingDown = false;
  });
});
