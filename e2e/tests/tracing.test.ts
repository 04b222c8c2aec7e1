// Issue 24 "See it", traces (ADR 0052): the built server (apps/api/dist, the path that ships)
// with OTEL_EXPORTER_OTLP_ENDPOINT set sends OTLP/HTTP to a receiver in this process, and one
// request shows as one trace: the HTTP server span, the Fastify route under it, and the SQL
// the handler ran under that. Without the variable, the bundle's start-up imports none of
// OpenTelemetry: it sits in a chunk that only a dynamic import behind the variable reaches.
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, startPortico, type PorticoServer } from '../support/portico-server';

const distDir = resolve(dirname(fileURLToPath(import.meta.url)), '../../apps/api/dist');
/** pg spans need PostgreSQL (PGlite runs in process): the test database of the README. */
const databaseUrl = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';

interface ReceivedSpan {
  scope: string;
  traceId: string;
  spanId: string;
  parentSpanId: string;
  name: string;
  attributes: Record<string, unknown>;
}

interface OtlpAttribute {
  key: string;
  value: { stringValue?: string; intValue?: string | number };
}
interface OtlpTraces {
  resourceSpans?: {
    scopeSpans?: {
      scope?: { name?: string };
      spans?: {
        traceId: string;
        spanId: string;
        parentSpanId?: string;
        name: string;
        attributes?: OtlpAttribute[];
      }[];
    }[];
  }[];
}

/** An OTLP/HTTP JSON receiver (what a collector listens on at :4318), keeping every span. */
async function startReceiver(): Promise<{ url: string; spans: ReceivedSpan[]; server: Server }> {
  const spans: ReceivedSpan[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = JSON.parse(Buffer.concat(chunks).toString()) as OtlpTraces;
      for (const resource of body.resourceSpans ?? []) {
        for (const scoped of resource.scopeSpans ?? []) {
          for (const span of scoped.spans ?? []) {
            spans.push({
              scope: scoped.scope?.name ?? '',
              traceId: span.traceId,
              spanId: span.spanId,
              parentSpanId: span.parentSpanId ?? '',
              name: span.name,
              attributes: Object.fromEntries(
                (span.attributes ?? []).map((a) => [
                  a.key,
                  a.value.stringValue ?? a.value.intValue,
                ]),
              ),
            });
          }
        }
      }
      response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, spans, server };
}

/** The chunks a module loads by static `import … from "./x.js"`, transitively. */
function staticGraph(file: string, seen = new Set<string>()): Set<string> {
  if (seen.has(file)) return seen;
  seen.add(file);
  const source = readFileSync(join(distDir, file), 'utf8');
  for (const match of source.matchAll(/^(?:import|export)\s[^;]*?from\s*"\.\/([^"]+)"/gms)) {
    staticGraph(match[1] ?? '', seen);
  }
  return seen;
}

describe('OpenTelemetry traces of the built server', () => {
  const schema = `otel_${randomBytes(4).toString('hex')}`;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  let server: PorticoServer | undefined;

  beforeAll(async () => {
    receiver = await startReceiver();
    server = await startPortico(await freePort(), {
      DATABASE_URL: databaseUrl,
      DATABASE_SCHEMA: schema,
      DEMO_SEED: '0',
      LOG_LEVEL: 'info',
      OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url,
      OTEL_BSP_SCHEDULE_DELAY: '100',
    });
  });

  afterAll(async () => {
    await server?.stop();
    await new Promise((r) => receiver.server.close(r));
    const admin = new pg.Client({ connectionString: databaseUrl });
    await admin.connect();
    await admin.query(`drop schema if exists "${schema}" cascade`);
    await admin.end();
  });

  it('shows one request as one trace: HTTP server → Fastify route → SQL', async () => {
    if (!server) throw new Error('no server');
    const response = await fetch(`${server.baseUrl}/invitation/${'a'.repeat(43)}`);
    expect(response.status).toBe(404); // no such invitation: the handler looked in the database

    const deadline = Date.now() + 15_000;
    let http: ReceivedSpan | undefined;
    while (Date.now() < deadline && !http) {
      http = receiver.spans.find(
        (s) => s.scope === '@opentelemetry/instrumentation-http' && s.name.includes('/invitation'),
      );
      if (!http) await new Promise((r) => setTimeout(r, 200));
    }
    expect(http, 'an HTTP server span for the request').toBeDefined();
    if (!http) return;
    await new Promise((r) => setTimeout(r, 500)); // the rest of the batch
    const trace = receiver.spans.filter((s) => s.traceId === http.traceId);
    const byId = new Map(trace.map((s) => [s.spanId, s]));
    const ancestors = (span: ReceivedSpan): ReceivedSpan[] => {
      const parent = byId.get(span.parentSpanId);
      return parent ? [parent, ...ancestors(parent)] : [];
    };

    const route = trace.find((s) => s.scope === '@fastify/otel' && s.name.startsWith('handler'));
    expect(route, 'the Fastify route handler span').toBeDefined();
    expect(ancestors(route as ReceivedSpan)).toContain(http);
    const sql = trace.find(
      (s) => s.scope === '@opentelemetry/instrumentation-pg' && s.name.startsWith('pg.query'),
    );
    expect(sql, 'a SQL statement span').toBeDefined();
    expect(ancestors(sql as ReceivedSpan)).toContain(route);
    // The request id joins the trace to the log lines (reqId).
    const request = trace.find((s) => s.scope === '@fastify/otel' && s.name === 'request');
    expect(request?.attributes['http.request.id']).toMatch(/^req-/);
  });

  it('writes the trace id beside the request id in the log lines', async () => {
    if (!server) throw new Error('no server');
    expect((await fetch(`${server.baseUrl}/config.json`)).status).toBe(200);
    // The log arrives through the child's stdout, possibly after the answer: wait for it.
    const logged = () => server?.log.find((l) => l.includes('"url":"/config.json"')) ?? '';
    await expect
      .poll(logged, { timeout: 10_000 })
      .toMatch(/"reqId":"req-[^"]+","trace_id":"[0-9a-f]{32}","span_id":"[0-9a-f]{16}"/);
  });

  it('keeps OpenTelemetry out of the start-up module graph when tracing is off', () => {
    const entry = readFileSync(join(distDir, 'server.js'), 'utf8');
    const tracingChunk = /import\("\.\/(tracing-[^"]+\.js)"\)/.exec(entry)?.[1];
    expect(tracingChunk, 'tracing is a dynamically imported chunk').toBeDefined();
    // …behind the variable: imported only inside `if (endpoint) { … }`.
    expect(entry.indexOf('if (endpoint)')).toBeGreaterThan(-1);
    expect(entry.indexOf('import("./tracing-')).toBeGreaterThan(entry.indexOf('if (endpoint)'));
    const serverChunk = /await import\("\.\/(server-[^"]+\.js)"\)/.exec(entry)?.[1] ?? '';
    const graph = [...staticGraph('server.js'), ...staticGraph(serverChunk)];
    expect(graph).not.toContain(tracingChunk);
    for (const file of graph) {
      expect(readFileSync(join(distDir, file), 'utf8'), file).not.toMatch(
        /@opentelemetry|@fastify\/otel/,
      );
    }
    expect(readFileSync(join(distDir, tracingChunk ?? ''), 'utf8')).toContain(
      '@opentelemetry/instrumentation-pg',
    );
  });
});
