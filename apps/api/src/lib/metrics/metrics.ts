import {
  Counter,
  Gauge,
  Histogram,
  Registry,
  collectDefaultMetrics,
  type CollectFunction,
} from 'prom-client';

/** A read cache's answer to one look-up (lib/cache): from memory, loaded, or not serving. */
export type CacheOutcome = 'hit' | 'miss' | 'bypass';

/** What the pg pool of this process reports (PostgreSQL only: PGlite has no pool). */
export interface PoolStats {
  total: number;
  idle: number;
  waiting: number;
}

/**
 * The process's Prometheus metrics (issue 24): one registry per app, so that several apps in
 * one test process do not share counters. Each API node exposes its own numbers; Prometheus
 * scrapes every node and labels the series with the node's `instance`, so sums across nodes
 * are made in queries, never here (nothing of it is state the cluster depends on).
 */
export class Metrics {
  readonly registry = new Registry();

  readonly httpRequests = this.counter(
    'portico_http_requests_total',
    'HTTP requests answered, by method, route pattern and status code.',
    ['method', 'route', 'status_code'],
  );

  readonly httpDuration = new Histogram({
    name: 'portico_http_request_duration_seconds',
    help: 'Time from receiving a request to sending its answer, by method, route pattern and status code.',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [this.registry],
  });

  readonly jobsRun = this.counter(
    'portico_jobs_total',
    'Jobs this node ran, by queue name and outcome (completed or failed).',
    ['job', 'outcome'],
  );

  readonly mail = this.counter(
    'portico_mail_total',
    'Mail messages handed to the transport, by transport (smtp or outbox) and outcome (sent or failed).',
    ['transport', 'outcome'],
  );

  readonly signInRefusals = this.counter(
    'portico_sign_in_refusals_total',
    'Sign-in attempts refused because every password check slot was busy and the line was full (503).',
    [],
  );

  readonly cacheLookups = this.counter(
    'portico_read_cache_lookups_total',
    'Read cache look-ups, by cache and outcome (hit, miss, or bypass while the cache is not serving).',
    ['cache', 'outcome'],
  );

  constructor() {
    // Event-loop lag, heap, GC, handles, CPU: prom-client's Node.js process metrics.
    collectDefaultMetrics({ register: this.registry });
  }

  /** A counter of this process's registry. */
  private counter<Label extends string>(
    name: string,
    help: string,
    labelNames: readonly Label[],
  ): Counter<Label> {
    return new Counter({ name, help, labelNames, registers: [this.registry] });
  }

  /** A gauge whose value is read when Prometheus scrapes (line lengths, pool, queue depth). */
  gauge<Label extends string>(
    name: string,
    help: string,
    labelNames: readonly Label[],
    collect: CollectFunction<Gauge<Label>>,
  ): Gauge<Label> {
    return new Gauge({ name, help, labelNames, collect, registers: [this.registry] });
  }

  /** The Prometheus text exposition of every metric of this process. */
  async text(): Promise<{ contentType: string; body: string }> {
    return { contentType: this.registry.contentType, body: await this.registry.metrics() };
  }
}
