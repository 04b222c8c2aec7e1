import { problemSchema } from '@portico/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { databaseKinds } from '../../test/test-db.js';
import { bearerFor } from '../../test/tokens.js';

/**
 * Issue 34 #4 (ADR 0045 addendum): every path, query and header parameter of every operation
 * in the served OpenAPI document, sent NUL, lone surrogates, broken UTF-8 and over-long
 * values, must be refused (or ignored) as a 4xx JSON answer, never reach SQL as a 500.
 */

interface Parameter {
  in: string;
  name: string;
}
interface Operation {
  parameters?: Parameter[];
  responses?: Record<string, { content?: Record<string, unknown> }>;
}
interface OpenApiDocument {
  paths: Record<string, Record<string, Operation>>;
}

/** Already percent-encoded for a URL: what a hostile client types. */
const HOSTILE_VALUES: Record<string, string> = {
  nul: '%00',
  'nul inside': 'a%00b',
  'lone high surrogate': '%ED%A0%80',
  'lone low surrogate': '%ED%BF%BF',
  'overlong NUL': '%C0%80',
  'invalid UTF-8': '%FF%FE',
  'JSON-escaped NUL': '%5Cu0000',
  '10 000 characters': 'x'.repeat(10_000),
};

/** Valid values for the parameters not under test, so a request gets past its siblings. */
const GOOD_VALUES: Record<string, string> = {
  id: 'u-anna',
  productId: 'p-erp',
  documentId: 'd-1',
  downloadId: 'dl-1',
};

/** Headers the app reads, beyond those the document declares. */
const READ_HEADERS = ['accept-language', 'if-match', 'if-none-match', 'last-event-id', 'origin'];

const PARALLEL_PROBES = 6;

/** Signing out everywhere would revoke the token the walk runs with. */
const SKIPPED = new Set(['POST /api/users/me/sign-out-everywhere']);

interface Probe {
  label: string;
  method: string;
  url: string;
  headers: Record<string, string>;
}

function urlOf(path: string, pathValues: Record<string, string>, query: string): string {
  const filled = path.replace(/\{([^}]+)\}/g, (_, name: string) => pathValues[name] ?? 'x');
  return query ? `${filled}?${query}` : filled;
}

/** One request per (operation, parameter, hostile value), plus over-long read headers. */
function probesOf(document: OpenApiDocument): Probe[] {
  const probes: Probe[] = [];
  for (const [path, operations] of Object.entries(document.paths)) {
    for (const [lower, operation] of Object.entries(operations)) {
      const method = lower.toUpperCase();
      if (SKIPPED.has(`${method} ${path}`)) continue;
      const parameters = operation.parameters ?? [];
      const pathValues = Object.fromEntries(
        parameters.filter((p) => p.in === 'path').map((p) => [p.name, GOOD_VALUES[p.name] ?? 'x']),
      );
      for (const parameter of parameters) {
        for (const [what, value] of Object.entries(HOSTILE_VALUES)) {
          const label = `${method} ${path} ${parameter.in} ${parameter.name}: ${what}`;
          if (parameter.in === 'path') {
            probes.push({
              label,
              method,
              url: urlOf(path, { ...pathValues, [parameter.name]: value }, ''),
              headers: {},
            });
          } else if (parameter.in === 'query') {
            const name = encodeURIComponent(parameter.name);
            for (const query of [`${name}=${value}`, `${name}=a&${name}=${value}`]) {
              probes.push({ label, method, url: urlOf(path, pathValues, query), headers: {} });
            }
          }
        }
      }
      // Header values cannot carry NUL or surrogates over HTTP; length is what is left.
      for (const header of READ_HEADERS) {
        probes.push({
          label: `${method} ${path} header ${header}: 10 000 characters`,
          method,
          url: urlOf(path, pathValues, ''),
          headers: { [header]: `"${'x'.repeat(10_000)}"` },
        });
      }
    }
  }
  return probes;
}

describe.each(databaseKinds())('hostile parameters over %s', (kind) => {
  let t: TestApp;
  let document: OpenApiDocument;
  beforeAll(async () => {
    // A search budget large enough for the walk: the walk is about validation, not 429s.
    t = await createTestApp(kind, { SEARCH_RATE_LIMIT: '100000' });
    const res = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    document = res.json<OpenApiDocument>();
  });
  afterAll(async () => {
    await t.close();
  });

  it.each([
    ['GET', '/api/users/%00'],
    ['GET', '/api/users/a%00b'],
    ['GET', '/api/users/%00/audit'],
    ['POST', '/api/users/%00/invitation'],
    ['DELETE', '/api/users/%00/invitation'],
    ['GET', '/api/users?accountId=%00'],
  ])('answers %s %s (issue 34 #4) with 400 naming the parameter', async (method, url) => {
    const authorization = `Bearer ${await bearerFor(t.app, 'anna.customer@portico.test')}`;
    const res = await t.app.inject({ method, url, headers: { authorization } });
    expect(res.statusCode).toBe(400);
    expect(problemSchema.parse(res.json()).detail).toMatch(
      /^Invalid request\. (id|accountId) contains a character that cannot be stored/,
    );
  });

  it.each([
    ['an administrator of a customer account', 'anna.customer@portico.test'],
    ['an employee', 'erik.employee@portico.test'],
  ])(
    'answers every parameter of every operation with a 4xx or success, never a 500 (%s)',
    async (_who, email) => {
      const probes = probesOf(document);
      expect(probes.length).toBeGreaterThan(1000);
      const authorization = `Bearer ${await bearerFor(t.app, email)}`;
      const failures: string[] = [];
      const pending = [...probes];
      // A few at a time: the database works while the next request is parsed.
      const worker = async () => {
        for (let probe = pending.shift(); probe; probe = pending.shift()) {
          const res = await t.app.inject({
            method: probe.method,
            url: probe.url,
            headers: { authorization, ...probe.headers },
          });
          const problem = /^application\/problem\+json/.test(String(res.headers['content-type']));
          if (res.statusCode >= 500 || (res.statusCode >= 400 && !problem)) {
            failures.push(`${probe.label} → ${res.statusCode} ${res.body.slice(0, 120)}`);
          }
        }
      };
      await Promise.all(Array.from({ length: PARALLEL_PROBES }, worker));
      failures.sort();
      expect(failures).toEqual([]);
    },
    60_000,
  );
});
