import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createPlatformApp } from '../../test/platform-app.js';
import {
  BadRequestError,
  ConflictError,
  ForbiddenError,
  NotFoundError,
  UnauthorizedError,
} from '../lib/errors.js';

const querySchema = z.object({ page: z.coerce.number().int().min(1) });
const bodySchema = z.object({ name: z.string().min(1) });

function routes(app: FastifyInstance): void {
  app.get('/api/test/query', (request) => querySchema.parse(request.query));
  app.post('/api/test/body', (request) => bodySchema.parse(request.body));
  app.get(
    '/api/test/schema',
    {
      schema: {
        querystring: {
          type: 'object',
          properties: { size: { type: 'integer' } },
          required: ['size'],
        },
      },
    },
    () => ({ ok: true }),
  );
  app.get('/api/test/not-found', () => {
    throw new NotFoundError('News item 42 does not exist.');
  });
  app.get('/api/test/forbidden', () => {
    throw new ForbiddenError();
  });
  app.get('/api/test/bad', () => {
    throw new BadRequestError('Start date must be before end date.');
  });
  app.get('/api/test/unauthorized', () => {
    throw new UnauthorizedError();
  });
  app.get('/api/test/conflict', () => {
    throw new ConflictError('This email address already exists. Please try another one.');
  });
  app.get('/api/test/crash', () => {
    throw new Error('connect ECONNREFUSED 10.0.0.7:5432 password=hunter2');
  });
  app.get('/api/test/crash-async', async () => {
    await Promise.resolve();
    throw new TypeError("Cannot read properties of undefined (reading 'rows')");
  });
  app.get('/status', () => ({ ok: true }));
}

describe('error handling (issue 2 §7: bad input is a 400 JSON, never a 500)', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await createPlatformApp({ routes });
  });
  afterAll(() => app.close());

  it('answers malformed JSON with a 400 JSON message', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/test/body',
      headers: { 'content-type': 'application/json' },
      payload: '{"name": "Anna",',
    });
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.json()).toEqual({
      statusCode: 400,
      error: 'Bad Request',
      message: 'The request body is not valid JSON.',
    });
  });

  it('answers an empty JSON body with a 400', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/test/body',
      headers: { 'content-type': 'application/json' },
      payload: '',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ message: string }>().message).toMatch(/empty/);
  });

  it('answers a body that fails its zod schema with a 400 naming the field', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/test/body', payload: { name: 7 } });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ message: string }>().message).toMatch(/^Invalid request\. name: /);
  });

  it('answers a bad query parameter with a 400, not a 500', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/test/query?page=abc' });
    expect(res.statusCode).toBe(400);
    const body = res.json<{ statusCode: number; error: string; message: string }>();
    expect(body.statusCode).toBe(400);
    expect(body.error).toBe('Bad Request');
    expect(body.message).toContain('page');

    const ok = await app.inject({ method: 'GET', url: '/api/test/query?page=2' });
    expect(ok.json()).toEqual({ page: 2 });
  });

  it('answers Fastify schema validation failures with a 400 JSON message', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/test/schema?size=big' });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ message: string }>().message).toMatch(/size/);
  });

  it.each([
    ['/api/test/not-found', 404, 'Not Found', 'News item 42 does not exist.'],
    ['/api/test/forbidden', 403, 'Forbidden', 'You are not allowed to do this.'],
    ['/api/test/bad', 400, 'Bad Request', 'Start date must be before end date.'],
    ['/api/test/unauthorized', 401, 'Unauthorized', 'A valid bearer token is required.'],
    [
      '/api/test/conflict',
      409,
      'Conflict',
      'This email address already exists. Please try another one.',
    ],
  ])('maps the domain error of %s to %i', async (url, statusCode, error, message) => {
    const res = await app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(statusCode);
    expect(res.json()).toEqual({ statusCode, error, message });
  });

  it.each(['/api/test/crash', '/api/test/crash-async'])(
    'answers an unexpected failure in %s with a generic 500 that leaks nothing',
    async (url) => {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(500);
      const body = res.json<{ statusCode: number; error: string; message: string }>();
      expect(body).toEqual({
        statusCode: 500,
        error: 'Internal Server Error',
        message: 'Something went wrong on our side. Please try again later.',
      });
      expect(res.body).not.toMatch(/ECONNREFUSED|hunter2|rows|TypeError|stack/);
    },
  );

  it('answers an unknown /api path with a 404 JSON, whatever the method', async () => {
    for (const method of ['GET', 'POST', 'DELETE'] as const) {
      const res = await app.inject({
        method,
        url: '/api/no/such/thing?x=1',
        headers: { accept: 'text/html' },
      });
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.json()).toEqual({
        statusCode: 404,
        error: 'Not Found',
        message: `There is nothing at ${method} /api/no/such/thing.`,
      });
    }
  });
});

describe('/api while the server is not ready (issue 2 §7)', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await createPlatformApp({ routes, ready: false });
  });
  afterAll(() => app.close());

  it('answers 503 JSON before migrations have run, and serves once ready', async () => {
    app.state.ready = false;
    app.state.shuttingDown = false;
    const res = await app.inject({ method: 'GET', url: '/api/test/query?page=1' });
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe('5');
    expect(res.json()).toEqual({
      statusCode: 503,
      error: 'Service Unavailable',
      message: 'The server is starting. Please try again in a moment.',
    });

    app.state.ready = true;
    const ok = await app.inject({ method: 'GET', url: '/api/test/query?page=1' });
    expect(ok.statusCode).toBe(200);
  });

  it('keeps serving /api while shutting down once ready (issue 23 §1: only readiness changes)', async () => {
    app.state.ready = true;
    app.state.shuttingDown = true;
    const ok = await app.inject({ method: 'GET', url: '/api/test/query?page=1' });
    expect(ok.statusCode).toBe(200);
    const unknown = await app.inject({ method: 'GET', url: '/api/unknown' });
    expect(unknown.statusCode).toBe(404);
    app.state.shuttingDown = false;
  });

  it('answers 503 JSON to a stop signal that came while still starting', async () => {
    app.state.ready = false;
    app.state.shuttingDown = true;
    const res = await app.inject({ method: 'GET', url: '/api/test/query?page=1' });
    expect(res.statusCode).toBe(503);
    expect(res.json<{ message: string }>().message).toBe(
      'The server is shutting down. Please try again in a moment.',
    );
    app.state.ready = true;
    app.state.shuttingDown = false;
  });

  it('leaves paths outside /api alone', async () => {
    app.state.ready = false;
    const res = await app.inject({ method: 'GET', url: '/status' });
    expect(res.statusCode).toBe(200);
    const live = await app.inject({ method: 'GET', url: '/health/live' });
    expect(live.statusCode).toBe(200);
  });
});
