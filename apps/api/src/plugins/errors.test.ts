import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { PROBLEM_TYPES, problemSchema, type Problem } from '@portico/contracts';
import { platformAppPerSuite } from '../../test/platform-app.js';
import {
  BadRequestError,
  ConflictError,
  ForbiddenError,
  NotFoundError,
  TooManyRequestsError,
  UnauthorizedError,
} from '../lib/errors.js';

/** Every error answer's media type (RFC 9457, ADR 0065). */
const PROBLEM = 'application/problem+json; charset=utf-8';

/** The answer is exactly `problem`, sent with its status and the problem media type. */
function expectProblem(res: LightMyRequestResponse, problem: Problem): void {
  expect(res.statusCode).toBe(problem.status);
  expect(res.headers['content-type']).toBe(PROBLEM);
  expect(res.json()).toEqual(problem);
}

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
  app.get('/api/test/form', () => {
    throw new BadRequestError('Invalid data.').withFieldErrors({
      firstName: 'Required field',
      'address.city': 'Too long',
    });
  });
  app.get('/api/test/busy', () => {
    throw new TooManyRequestsError('Please wait 30 seconds and try again.', 30);
  });
  app.get('/api/test/sql', () => {
    throw Object.assign(new Error('syntax error at or near "selct" in select * from users'), {
      code: '42601',
    });
  });
  app.put('/api/test/items/:id', () => ({ ok: true }));
  app.get('/status', () => ({ ok: true }));
}

describe('error handling (issue 2 §7: bad input is a 400 JSON, never a 500)', () => {
  const suite = platformAppPerSuite({ routes });
  /** The test route's body as it arrives, with a content type. */
  const postBody = (payload: string, contentType = 'application/json') =>
    suite.app.inject({
      method: 'POST',
      url: '/api/test/body',
      headers: { 'content-type': contentType },
      payload,
    });

  it('answers malformed JSON with a 400 JSON message', async () => {
    const res = await postBody('{"name": "Anna",');
    expectProblem(res, {
      type: PROBLEM_TYPES.validation,
      title: 'Invalid request',
      status: 400,
      detail: 'The request body is not valid JSON.',
      instance: '/api/test/body',
    });
  });

  it('answers an empty JSON body with a 400', async () => {
    const res = await postBody('');
    expect(res.statusCode).toBe(400);
    expect(problemSchema.parse(res.json()).detail).toMatch(/empty/);
  });

  it('answers a body that fails its zod schema with a 400 naming the field', async () => {
    const res = await suite.app.inject({
      method: 'POST',
      url: '/api/test/body',
      payload: { name: 7 },
    });
    expect(res.statusCode).toBe(400);
    const body = problemSchema.parse(res.json());
    expect(body.detail).toMatch(/^Invalid request\. name: /);
    expect(body.errors).toEqual([{ field: 'name', message: expect.any(String) as string }]);
  });

  it('answers a bad query parameter with a 400, not a 500', async () => {
    const res = await suite.get('/api/test/query?page=abc');
    expect(res.statusCode).toBe(400);
    const body = problemSchema.parse(res.json());
    expect(body).toMatchObject({ type: PROBLEM_TYPES.validation, status: 400 });
    expect(body.detail).toContain('page');
    expect(body.errors?.map((error) => error.field)).toEqual(['page']);

    const ok = await suite.get('/api/test/query?page=2');
    expect(ok.json()).toEqual({ page: 2 });
  });

  it('answers Fastify schema validation failures with a 400 JSON message', async () => {
    const res = await suite.get('/api/test/schema?size=big');
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toBe(PROBLEM);
    expect(problemSchema.parse(res.json()).detail).toMatch(/size/);
  });

  it.each([
    ['/api/test/not-found', 404, 'Not Found', 'News item 42 does not exist.'],
    ['/api/test/forbidden', 403, 'Forbidden', 'You are not allowed to do this.'],
    ['/api/test/bad', 400, 'Invalid request', 'Start date must be before end date.'],
    ['/api/test/unauthorized', 401, 'Unauthorized', 'A valid bearer token is required.'],
    [
      '/api/test/conflict',
      409,
      'Conflict',
      'This email address already exists. Please try another one.',
    ],
  ])('maps the domain error of %s to %i', async (url, status, title, detail) => {
    const res = await suite.get(url);
    const type = status === 400 ? PROBLEM_TYPES.validation : 'about:blank';
    expectProblem(res, { type, title, status, detail, instance: url });
  });

  it.each(['/api/test/crash', '/api/test/crash-async'])(
    'answers an unexpected failure in %s with a generic 500 that leaks nothing',
    async (url) => {
      const res = await suite.get(url);
      expectProblem(res, {
        type: 'about:blank',
        title: 'Internal Server Error',
        status: 500,
        detail: 'Something went wrong on our side. Please try again later.',
        instance: url,
      });
      expect(res.body).not.toMatch(/ECONNREFUSED|hunter2|rows|TypeError|stack/);
    },
  );

  it('answers field errors as `errors` beside the detail (what the forms put on their fields)', async () => {
    const res = await suite.get('/api/test/form');
    expectProblem(res, {
      type: PROBLEM_TYPES.validation,
      title: 'Invalid request',
      status: 400,
      detail: 'Invalid data.',
      instance: '/api/test/form',
      errors: [
        { field: 'firstName', message: 'Required field' },
        { field: 'address.city', message: 'Too long' },
      ],
    });
  });

  it('answers 429 with Retry-After and the wait in its detail', async () => {
    const res = await suite.get('/api/test/busy');
    expect(res.statusCode).toBe(429);
    expect(res.headers['retry-after']).toBe('30');
    expect(res.headers['content-type']).toBe(PROBLEM);
    expect(res.json()).toMatchObject({ type: 'about:blank', title: 'Too Many Requests' });
  });

  it('answers a failing SQL statement with the generic 500, never the statement', async () => {
    const res = await suite.get('/api/test/sql');
    expect(res.statusCode).toBe(500);
    expect(res.headers['content-type']).toBe(PROBLEM);
    expect(res.body).not.toMatch(/selct|select|users|42601|stack|at /);
  });

  it('answers a body over the limit with 413 and an unsupported content type with 415', async () => {
    const big = await postBody(JSON.stringify({ name: 'x'.repeat(2 * 1024 * 1024) }));
    expect(big.statusCode).toBe(413);
    expect(big.headers['content-type']).toBe(PROBLEM);
    expect(big.json()).toMatchObject({ title: 'Payload Too Large', status: 413 });
    const text = await postBody('name=x', 'application/x-unknown');
    expect(text.statusCode).toBe(415);
    expect(text.headers['content-type']).toBe(PROBLEM);
    expect(text.json()).toMatchObject({ title: 'Unsupported Media Type', status: 415 });
  });

  it('answers a method a known /api path does not take with 405 and Allow', async () => {
    const res = await suite.app.inject({ method: 'DELETE', url: '/api/test/items/7?x=1' });
    expect(res.headers.allow).toBe('PUT');
    expectProblem(res, {
      type: 'about:blank',
      title: 'Method Not Allowed',
      status: 405,
      detail: '/api/test/items/7 does not take DELETE; it takes PUT.',
      instance: '/api/test/items/7',
    });
    // GET and its HEAD are both named.
    const post = await suite.app.inject({ method: 'POST', url: '/api/test/crash' });
    expect(post.statusCode).toBe(405);
    expect(post.headers.allow).toBe('GET, HEAD');
  });

  it('answers an unknown /api path with a 404 JSON, whatever the method', async () => {
    for (const method of ['GET', 'POST', 'DELETE'] as const) {
      const res = await suite.app.inject({
        method,
        url: '/api/no/such/thing?x=1',
        headers: { accept: 'text/html' },
      });
      expectProblem(res, {
        type: 'about:blank',
        title: 'Not Found',
        status: 404,
        detail: `There is nothing at ${method} /api/no/such/thing.`,
        instance: '/api/no/such/thing',
      });
    }
  });
});

describe('/api while the server is not ready (issue 2 §7)', () => {
  const suite = platformAppPerSuite({ routes, ready: false });

  it('answers 503 JSON before migrations have run, and serves once ready', async () => {
    suite.app.state.ready = false;
    suite.app.state.shuttingDown = false;
    const res = await suite.get('/api/test/query?page=1');
    expect(res.headers['retry-after']).toBe('5');
    expectProblem(res, {
      type: 'about:blank',
      title: 'Service Unavailable',
      status: 503,
      detail: 'The server is starting. Please try again in a moment.',
      instance: '/api/test/query',
    });

    suite.app.state.ready = true;
    const ok = await suite.get('/api/test/query?page=1');
    expect(ok.statusCode).toBe(200);
  });

  it('keeps serving /api while shutting down once ready (issue 23 §1: only readiness changes)', async () => {
    suite.app.state.ready = true;
    suite.app.state.shuttingDown = true;
    const ok = await suite.get('/api/test/query?page=1');
    expect(ok.statusCode).toBe(200);
    const unknown = await suite.get('/api/unknown');
    expect(unknown.statusCode).toBe(404);
    suite.app.state.shuttingDown = false;
  });

  it('answers 503 JSON to a stop signal that came while still starting', async () => {
    suite.app.state.ready = false;
    suite.app.state.shuttingDown = true;
    const res = await suite.get('/api/test/query?page=1');
    expect(res.statusCode).toBe(503);
    expect(problemSchema.parse(res.json()).detail).toBe(
      'The server is shutting down. Please try again in a moment.',
    );
    suite.app.state.ready = true;
    suite.app.state.shuttingDown = false;
  });

  it('leaves paths outside /api alone', async () => {
    suite.app.state.ready = false;
    const res = await suite.get('/status');
    expect(res.statusCode).toBe(200);
    const live = await suite.get('/health/live');
    expect(live.statusCode).toBe(200);
  });
});
