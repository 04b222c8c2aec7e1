import type { FastifyInstance, RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { redoclyLint, typeCheckGeneratedClient } from '../../test/openapi-tools.js';
import { createTestDb, type TestDb } from '../../test/test-db.js';
import { testEnvSource } from '../../test/test-app.js';
import { bearerFor } from '../../test/tokens.js';
import { buildApp } from '../app.js';
import { loadEnv } from '../config/env.js';
import { DOCS_PREFIX, isDocumentationPath, LICENSE_PATH, OPENAPI_PATH } from './openapi.js';

interface Operation {
  operationId?: unknown;
  summary?: unknown;
  responses?: Record<string, { description?: unknown; content?: unknown }>;
  parameters?: { in?: unknown; name?: unknown; required?: unknown }[];
  security?: unknown;
}
interface OpenApiDocument {
  openapi: string;
  info: { title?: unknown; version?: unknown; license?: unknown };
  servers?: unknown;
  paths: Record<string, Record<string, Operation>>;
  components?: {
    schemas?: Record<string, unknown>;
    securitySchemes?: Record<string, { type?: unknown; scheme?: unknown }>;
  };
  security?: Record<string, unknown[]>[];
}

const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

/** Fastify's `/api/news/:id` as OpenAPI writes it: `/api/news/{id}`. */
function openApiPath(url: string): string {
  return url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
}

/** Every registered /api route (but the documentation itself) as "METHOD url". */
function apiRoutesOf(
  routes: RouteOptions[],
): { method: string; url: string; route: RouteOptions }[] {
  return routes
    .filter((route) => route.url.startsWith('/api/') && !isDocumentationPath(route.url))
    .flatMap((route) =>
      (Array.isArray(route.method) ? route.method : [route.method])
        .filter((method) => method !== 'HEAD') // Fastify's automatic HEAD twin of each GET
        .map((method) => ({ method, url: route.url, route })),
    );
}

/**
 * The routes that are missing from the document or declare no response schema (Fastify's
 * swagger fills those in with a bare "Default Response"): the list a new route without a
 * schema lands on.
 */
function undocumentedRoutes(routes: RouteOptions[], document: OpenApiDocument): string[] {
  return apiRoutesOf(routes)
    .filter(({ method, url, route }) => {
      const operation = document.paths[openApiPath(url)]?.[method.toLowerCase()];
      const responses = Object.values(operation?.responses ?? {});
      const declared = typeof route.schema?.response === 'object' && route.schema.response !== null;
      return (
        !declared ||
        responses.length === 0 ||
        responses.some((response) => response.description === 'Default Response')
      );
    })
    .map(({ method, url }) => `${method} ${url}`);
}

/**
 * What a client generator names its functions after (issue 27, ADR 0048): every /api route
 * declares `schema.operationId` (camelCase, unique) and `schema.summary`. One line per
 * problem, naming the route, so a route added without them says where to fix it.
 */
function operationNamingProblems(routes: RouteOptions[]): string[] {
  const problems: string[] = [];
  const owners = new Map<string, string>();
  for (const { method, url, route } of apiRoutesOf(routes)) {
    const name = `${method} ${url}`;
    const { operationId, summary } = route.schema ?? {};
    if (typeof operationId !== 'string' || !/^[a-z][A-Za-z0-9]*$/.test(operationId)) {
      problems.push(`${name}: declare schema.operationId, in camelCase (e.g. listThings)`);
    } else if (owners.has(operationId)) {
      problems.push(`${name}: operationId ${operationId} is taken by ${owners.get(operationId)}`);
    } else {
      owners.set(operationId, name);
    }
    if (typeof summary !== 'string' || summary.trim() === '') {
      problems.push(`${name}: declare schema.summary`);
    }
  }
  return problems;
}

/** Error responses (4xx, 5xx) that do not answer the one shared error body, Problem (ADR 0065). */
function errorsWithoutSharedSchema(document: OpenApiDocument): string[] {
  return Object.entries(document.paths).flatMap(([path, item]) =>
    Object.entries(item).flatMap(([method, operation]) =>
      Object.entries(operation.responses ?? {})
        .filter(([status]) => /^[45]/.test(status))
        .filter(
          ([, response]) =>
            JSON.stringify(response.content) !==
            JSON.stringify({
              'application/problem+json': { schema: { $ref: '#/components/schemas/Problem' } },
            }),
        )
        .map(([status]) => `${method.toUpperCase()} ${path} ${status}`),
    ),
  );
}

/**
 * A client's module written against the types openapi-typescript generates from the document:
 * a typed call of listNews, the shared error body, and lines that must not compile (so types
 * that had gone loose, e.g. `any` or a missing operationId, fail too).
 */
const typedClientCall = `
import type { components, operations, paths } from './portico-api.js';

type Send = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string) => Promise<unknown>;
type Query<Id extends keyof operations> = NonNullable<operations[Id]['parameters']['query']>;
type Json<Id extends keyof operations, Status extends keyof operations[Id]['responses']> =
  operations[Id]['responses'][Status] extends { content: { 'application/json': infer Body } }
    ? Body
    : never;
type ProblemOf<Id extends keyof operations, Status extends keyof operations[Id]['responses']> =
  operations[Id]['responses'][Status] extends { content: { 'application/problem+json': infer Body } }
    ? Body
    : never;

function queryString(query: Record<string, string | undefined>): string {
  const pairs = Object.entries(query).flatMap(([key, value]) =>
    value === undefined ? [] : [\`\${encodeURIComponent(key)}=\${encodeURIComponent(value)}\`],
  );
  return pairs.length > 0 ? \`?\${pairs.join('&')}\` : '';
}

export async function listNews(send: Send, query: Query<'listNews'>): Promise<Json<'listNews', 200>> {
  return (await send('GET', \`/api/news\${queryString(query)}\`)) as Json<'listNews', 200>;
}

export async function newsTitles(send: Send): Promise<string[]> {
  const page = await listNews(send, { page: '1', size: '10', query: 'release' });
  return page.map((item) => item.title);
}

export type NewsItemId = paths['/api/news/{id}']['get']['parameters']['path']['id'];
export const notFoundMessage = (error: ProblemOf<'getNewsItem', 404>): string => error.detail;
export const sharedError: components['schemas']['Problem'] = { type: 'about:blank', title: 'Not Found', status: 404, detail: 'No such news item.' };
export const sameError: ProblemOf<'listUsers', 403> = sharedError;
export const firstBadField = (error: ProblemOf<'createUser', 400>): string | undefined => error.errors?.[0]?.field;

// @ts-expect-error -- listNews has no such query parameter
export const unknownParameter: Query<'listNews'> = { colour: 'red' };
// @ts-expect-error -- a news item has no colour
export const noColour = (item: Json<'listNews', 200>[number]): unknown => item.colour;
// @ts-expect-error -- there is no operation by that name
export type NoSuchOperation = operations['listNewsItems'];
`;

/** Every `$ref` in the document, anywhere. */
function refsOf(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(refsOf);
  if (typeof value !== 'object' || value === null) return [];
  return Object.entries(value).flatMap(([key, inner]) =>
    key === '$ref' && typeof inner === 'string' ? [inner] : refsOf(inner),
  );
}

/**
 * OpenAPI 3.0 structure (no validator package is installed): version, info, paths that
 * start with a slash, operations under HTTP methods with at least one response whose status
 * is a valid key and which has a description, every path template parameter declared as a
 * required path parameter, every $ref resolving to a component, and the security scheme.
 */
function structuralProblems(document: OpenApiDocument): string[] {
  const problems: string[] = [];
  if (!/^3\.\d+\.\d+$/.test(document.openapi)) problems.push(`openapi ${document.openapi}`);
  if (typeof document.info.title !== 'string' || typeof document.info.version !== 'string') {
    problems.push('info needs a title and a version');
  }
  for (const [path, item] of Object.entries(document.paths)) {
    if (!path.startsWith('/')) problems.push(`path ${path} does not start with /`);
    const templated = [...path.matchAll(/\{([^}]+)\}/g)].map((match) => match[1]);
    for (const [method, operation] of Object.entries(item)) {
      if (!HTTP_METHODS.includes(method)) {
        problems.push(`${path}: ${method} is not an HTTP method`);
        continue;
      }
      const responses = Object.entries(operation.responses ?? {});
      if (responses.length === 0) problems.push(`${method} ${path}: no responses`);
      for (const [status, response] of responses) {
        if (!/^([1-5](\d\d|XX)|default)$/.test(status)) {
          problems.push(`${method} ${path}: response key ${status}`);
        }
        if (typeof response.description !== 'string' || response.description === '') {
          problems.push(`${method} ${path} ${status}: no description`);
        }
      }
      for (const name of templated) {
        const declared = operation.parameters?.some(
          (parameter) =>
            parameter.in === 'path' && parameter.name === name && parameter.required === true,
        );
        if (!declared) problems.push(`${method} ${path}: path parameter ${name} not declared`);
      }
    }
  }
  const schemas = document.components?.schemas ?? {};
  for (const ref of refsOf(document)) {
    const name = /^#\/components\/schemas\/(.+)$/.exec(ref)?.[1];
    if (name === undefined || !(name in schemas)) problems.push(`unresolved $ref ${ref}`);
  }
  return problems;
}

describe('the OpenAPI document and the API reference', () => {
  let testDb: TestDb;
  let app: FastifyInstance;
  const routes: RouteOptions[] = [];
  let token: string;

  beforeAll(async () => {
    testDb = await createTestDb();
    app = await buildApp({
      env: loadEnv(testEnvSource()),
      db: testDb.db,
      ready: true,
      onRoute: (route) => routes.push(route),
    });
    await app.ready();
    token = await bearerFor(app, 'anna.customer@portico.test');
  });
  afterAll(async () => {
    await app.close();
    await testDb.close();
  });

  const get = (url: string, headers: Record<string, string> = {}) =>
    app.inject({ method: 'GET', url, headers });

  async function documentOf(url = OPENAPI_PATH): Promise<OpenApiDocument> {
    const response = await get(url);
    expect(response.statusCode, url).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    return response.json<OpenApiDocument>();
  }

  it('serves a structurally valid OpenAPI 3 document without a bearer token', async () => {
    const document = await documentOf();
    expect(document.openapi).toMatch(/^3\./);
    expect(structuralProblems(document)).toEqual([]);
  });

  it('documents every registered /api route with its declared responses', async () => {
    const document = await documentOf();
    const apiRoutes = apiRoutesOf(routes);
    expect(apiRoutes.length).toBeGreaterThanOrEqual(18);
    expect(undocumentedRoutes(routes, document)).toEqual([]);
    // Nothing but the API is described, and the documentation does not describe itself.
    for (const path of Object.keys(document.paths)) {
      expect(path).toMatch(/^\/api\//);
      expect(isDocumentationPath(path)).toBe(false);
    }
  });

  it('would catch a route registered without a response schema', async () => {
    const extraDb = await createTestDb();
    const extraRoutes: RouteOptions[] = [];
    const extra = await buildApp({
      env: loadEnv(testEnvSource()),
      db: extraDb.db,
      ready: true,
      onRoute: (route) => extraRoutes.push(route),
    });
    try {
      extra.get('/api/test/no-schema', () => ({ ok: true }));
      await extra.ready();
      const document = (await extra.inject({ url: OPENAPI_PATH })).json<OpenApiDocument>();
      expect(undocumentedRoutes(extraRoutes, document)).toEqual(['GET /api/test/no-schema']);
    } finally {
      await extra.close();
      await extraDb.close();
    }
  });

  it('names every /api route with a unique camelCase operationId and a summary', () => {
    expect(apiRoutesOf(routes).length).toBeGreaterThanOrEqual(80);
    expect(operationNamingProblems(routes)).toEqual([]);
  });

  it('would name a route registered without an operationId or a summary', () => {
    const extra = [
      { method: 'GET', url: '/api/test/unnamed', schema: {}, handler: () => null },
      {
        method: 'POST',
        url: '/api/test/twin',
        schema: { operationId: 'listNews', summary: 'A twin' },
        handler: () => null,
      },
    ] satisfies RouteOptions[];
    expect(operationNamingProblems([...routes, ...extra])).toEqual([
      'GET /api/test/unnamed: declare schema.operationId, in camelCase (e.g. listThings)',
      'GET /api/test/unnamed: declare schema.summary',
      'POST /api/test/twin: operationId listNews is taken by GET /api/news',
    ]);
  });

  it('answers every error with the one shared error schema', async () => {
    expect(errorsWithoutSharedSchema(await documentOf())).toEqual([]);
  });

  it('names its licence and the server the paths are relative to', async () => {
    const document = await documentOf();
    expect(document.info.license).toEqual({ name: 'Proprietary', url: LICENSE_PATH });
    expect(document.servers).toEqual([{ url: '/', description: expect.any(String) as unknown }]);
    const license = await get(LICENSE_PATH);
    expect(license.statusCode).toBe(200);
    expect(license.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(license.body).toMatch(/proprietary/i);
    // Only the schemas operations use: no `ProblemInput` twin nobody reads.
    expect(Object.keys(document.components?.schemas ?? {})).toEqual(['Problem']);
  });

  it('passes `redocly lint` (recommended rules) without an error or a warning', async () => {
    // Each line says rule, message and where (a JSON pointer into /api/openapi.json).
    expect(await redoclyLint(await documentOf())).toEqual([]);
  });

  it('generates a typed client whose calls type-check (openapi-typescript)', async () => {
    const document = await documentOf();
    expect(await typeCheckGeneratedClient(document, typedClientCall)).toEqual([]);
  });

  it('describes the bearer scheme and requires it by default', async () => {
    const document = await documentOf();
    expect(document.components?.securitySchemes?.bearerAuth).toMatchObject({
      type: 'http',
      scheme: 'bearer',
      bearerFormat: 'JWT',
    });
    expect(document.security).toEqual([{ bearerAuth: [] }]);
  });

  it('documents parameters, errors and non-JSON responses from the contracts', async () => {
    const document = await documentOf();
    const news = document.paths['/api/news']?.get;
    expect(news?.parameters?.map((parameter) => parameter.name)).toEqual(
      expect.arrayContaining(['page', 'size', 'query', 'startDate', 'endDate']),
    );
    expect(news?.responses?.['200']).toMatchObject({
      headers: { 'X-Total-Count': { schema: { type: 'integer' } } },
      content: { 'application/json': { schema: { type: 'array' } } },
    });
    expect(news?.responses?.['400']).toMatchObject({
      content: {
        'application/problem+json': { schema: { $ref: '#/components/schemas/Problem' } },
      },
    });
    const csv = document.paths['/api/support/cases/download']?.get?.responses?.['200'];
    expect(csv?.content).toEqual({
      'text/csv': { schema: expect.objectContaining({ type: 'string' }) as unknown },
    });
    // "No manager" is a 204 without a body.
    const noManager = document.paths['/api/account']?.get?.responses?.['204'];
    expect(noManager?.description).toMatch(/no account manager/);
    expect(noManager?.content).toBeUndefined();
  });

  it('answers schema validation failures with the contracts’ messages as 400 JSON', async () => {
    const auth = { authorization: `Bearer ${token}` };
    const bad = await get('/api/news?page=0', auth);
    expect(bad.statusCode).toBe(400);
    expect(bad.headers['content-type']).toBe('application/problem+json; charset=utf-8');
    expect(bad.json()).toEqual({
      type: 'https://portico.example/problems/validation',
      title: 'Invalid request',
      status: 400,
      detail: 'page must be a whole number from 1 to 100000',
      instance: '/api/news',
    });
    // A zod default message gets the field's name in front.
    const repeated = await get('/api/content/labels/cpplabels?language=en&language=de', auth);
    expect(repeated.statusCode).toBe(400);
    expect(repeated.json<{ detail: string }>().detail).toMatch(/^language: /);
  });

  it('keeps the bearer token required everywhere else under /api', async () => {
    for (const url of ['/api/news', '/api/openapi.jsonx', '/api/docsx', '/api/users/me']) {
      const response = await get(url);
      expect([401, 404], url).toContain(response.statusCode);
    }
    expect((await get('/api/news')).statusCode).toBe(401);
  });

  it('serves the reference page without a token, under a CSP it can live with', async () => {
    const page = await get(DOCS_PREFIX);
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    const csp = String(page.headers['content-security-policy']);
    const scriptSources = /(?:^|;\s*)script-src ([^;]+)/.exec(csp)?.[1]?.split(/\s+/);
    // The app's strict policy: scripts from our origin only, no inline script, no eval.
    expect(scriptSources).toEqual(["'self'"]);
    expect(csp).toMatch(/connect-src 'self'/);
    expect(csp).toMatch(/img-src 'self' data:/);

    // So the page may hold no inline script: every script and stylesheet is a same-origin file.
    const html = page.body;
    const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)];
    expect(scripts.length).toBeGreaterThan(0);
    for (const [, attributes = '', body = ''] of scripts) {
      expect(attributes).toMatch(/\ssrc="/);
      expect(body.trim()).toBe('');
    }
    expect(html).not.toMatch(/<style\b|\son[a-z]+=/i);
    const assets = [...html.matchAll(/(?:src|href)="([^"]+)"/g)].map((match) => match[1] ?? '');
    expect(assets.length).toBeGreaterThanOrEqual(4);
    for (const asset of assets) {
      expect(asset.startsWith(`${DOCS_PREFIX}/`), asset).toBe(true);
      const response = await get(asset);
      expect(response.statusCode, asset).toBe(200);
      expect(response.headers['content-type'], asset).toMatch(/javascript|css|image\//);
    }

    // The page's script loads the document from /api/docs/json: the same document, no token.
    const initializer = await get(`${DOCS_PREFIX}/static/swagger-initializer.js`);
    expect(initializer.statusCode).toBe(200);
    expect(initializer.body).toContain("resolveUrl('./json')");
    expect(await documentOf(`${DOCS_PREFIX}/json`)).toEqual(await documentOf());
  });
});
