import { loadEnv } from './config/env.js';

/**
 * The entry point of the built server (dist/server.js). Tracing must be in place before the
 * app's modules load, since OpenTelemetry's instrumentations patch pg, fastify and http as
 * they are imported: so the server comes in by a dynamic import, after tracing. Without
 * OTEL_EXPORTER_OTLP_ENDPOINT nothing of OpenTelemetry is imported at all (ADR 0052); the
 * bundle keeps tracing in a chunk of its own.
 */
const endpoint = loadEnv().OTEL_EXPORTER_OTLP_ENDPOINT;
if (endpoint) {
  const { startTracing } = await import('./lib/telemetry/tracing.js');
  startTracing(endpoint);
}
await import('./server.js');
