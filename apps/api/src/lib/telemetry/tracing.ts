import { register } from 'node:module';
import { FastifyOtelInstrumentation } from '@fastify/otel';
import { SpanKind, SpanStatusCode, trace } from '@opentelemetry/api';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { registerInstrumentations } from '@opentelemetry/instrumentation';
import { HttpInstrumentation } from '@opentelemetry/instrumentation-http';
import { PgInstrumentation } from '@opentelemetry/instrumentation-pg';
import { PinoInstrumentation } from '@opentelemetry/instrumentation-pino';
import { resourceFromAttributes } from '@opentelemetry/resources';
import {
  BatchSpanProcessor,
  NodeTracerProvider,
  SimpleSpanProcessor,
  type SpanExporter,
} from '@opentelemetry/sdk-trace-node';
import { installTelemetry } from './hooks.js';

/** Health probes every few seconds would drown the traces that matter. */
const UNTRACED_PATHS = ['/health/live', '/health/ready', '/metrics'];

/**
 * OpenTelemetry tracing (issue 24, ADR 0052), loaded by boot.ts only when
 * OTEL_EXPORTER_OTLP_ENDPOINT is set and before any module of the app: the official
 * instrumentations patch modules as they load. The app's own code is ESM and imports pg and
 * fastify with `import`, which require hooks do not see, so the import-in-the-middle hook of
 * @opentelemetry/instrumentation is registered first. Spans: the HTTP server request
 * (instrumentation-http), the Fastify route and its hooks (@fastify/otel, the Fastify team's
 * instrumentation), each SQL statement on PostgreSQL (instrumentation-pg; PGlite runs in
 * process and has none), and one span per job run. Log lines carry trace_id and span_id
 * (instrumentation-pino) beside Fastify's reqId, and a request's span carries the request id.
 *
 * `target` is the collector's OTLP/HTTP endpoint; tests give an exporter instead (the SDK's
 * in-memory one), which receives each span as it ends.
 */
export function startTracing(target: string | SpanExporter): void {
  // @types/node 24 marks module.register deprecated for module.registerHooks (in-thread, sync);
  // import-in-the-middle's hook is a loader for register only, which Node 24 runs as before.
  // eslint-disable-next-line @typescript-eslint/no-deprecated
  register('@opentelemetry/instrumentation/hook.mjs', import.meta.url);

  const provider = new NodeTracerProvider({
    resource: resourceFromAttributes({ 'service.name': 'portico-api' }),
    spanProcessors: [
      typeof target === 'string'
        ? new BatchSpanProcessor(
            new OTLPTraceExporter({ url: `${target.replace(/\/$/, '')}/v1/traces` }),
          )
        : new SimpleSpanProcessor(target),
    ],
  });
  provider.register();

  registerInstrumentations({
    tracerProvider: provider,
    instrumentations: [
      new HttpInstrumentation({
        ignoreIncomingRequestHook: (request) =>
          UNTRACED_PATHS.includes((request.url ?? '').split('?')[0] ?? ''),
      }),
      new FastifyOtelInstrumentation({
        registerOnInitialization: true,
        ignorePaths: ({ url }) => UNTRACED_PATHS.includes(url),
        requestHook: (span, request) => span.setAttribute('http.request.id', request.id),
      }),
      // Statement text only, never the parameter values (passwords, tokens: ADR 0017). Only
      // SQL under a request or a job: the job queue polls every few seconds per queue, and a
      // root trace for each poll would drown the traces that matter (ADR 0052, addendum).
      new PgInstrumentation({ enhancedDatabaseReporting: false, requireParentSpan: true }),
      new PinoInstrumentation(),
    ],
  });

  const tracer = trace.getTracer('portico-jobs');
  installTelemetry({
    // pg-boss has no official instrumentation: one consumer span per job run, so that the
    // job's SQL is one trace rather than loose statements.
    aroundJob: (name, run) =>
      tracer.startActiveSpan(
        `job ${name}`,
        {
          kind: SpanKind.CONSUMER,
          attributes: { 'messaging.system': 'pg-boss', 'messaging.destination.name': name },
        },
        async (span) => {
          try {
            await run();
          } catch (error) {
            span.recordException(error instanceof Error ? error : String(error));
            span.setStatus({ code: SpanStatusCode.ERROR });
            throw error;
          } finally {
            span.end();
          }
        },
      ),
    shutdown: () => provider.shutdown(),
  });
}
