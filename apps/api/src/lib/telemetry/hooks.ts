/** Runs one job (lib/jobs) inside whatever the wrapper adds: its trace span. */
export type AroundJob = (name: string, run: () => Promise<void>) => Promise<void>;

/** What tracing hands to the server: a span per job, and a last flush before exit. */
export interface TelemetryHooks {
  aroundJob: AroundJob;
  shutdown(): Promise<void>;
}

let installed: TelemetryHooks | undefined;

/**
 * Where tracing (tracing.ts, loaded only with OTEL_EXPORTER_OTLP_ENDPOINT) leaves its hooks
 * for server.ts. This file imports nothing, so the app's module graph holds no OpenTelemetry
 * code when tracing is off (ADR 0052).
 */
export function installTelemetry(hooks: TelemetryHooks): void {
  installed = hooks;
}

export function telemetry(): TelemetryHooks | undefined {
  return installed;
}
