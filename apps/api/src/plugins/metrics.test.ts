import { describe, expect, it } from 'vitest';
import { MAIL_SEND_JOB } from '../lib/mail/mailer.js';
import { serveMetrics } from '../lib/metrics/metrics-server.js';
import { appPerSuite } from '../../test/suite-app.js';
import { routeDatabaseKind } from '../../test/test-db.js';

/** The value of one series in a Prometheus text exposition (0 when absent). */
function valueOf(text: string, series: string): number {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line ? Number(line.slice(series.length + 1)) : 0;
}

describe('/metrics (issue 24)', () => {
  const t = appPerSuite();

  const scrape = async () => {
    const response = await t.app.inject({ method: 'GET', url: '/metrics' });
    expect(response.statusCode).toBe(200);
    return response.body;
  };

  it('serves the Prometheus text to loopback: process, line and queue metrics', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/metrics' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    for (const name of [
      'nodejs_eventloop_lag_seconds',
      'nodejs_heap_size_used_bytes',
      'portico_sign_in_line{state="waiting"}',
      'portico_job_queue_depth{job="mail.send"}',
    ]) {
      expect(response.body).toContain(name);
    }
  });

  it('counts requests and their durations per route pattern and status', async () => {
    const series =
      'portico_http_requests_total{method="GET",route="/health/live",status_code="200"}';
    const duration =
      'portico_http_request_duration_seconds_count{method="GET",route="/health/live",status_code="200"}';
    const before = await scrape();
    await t.app.inject({ method: 'GET', url: '/health/live' });
    await t.app.inject({ method: 'GET', url: '/health/live?x=1' });
    const missing = await t.app.inject({ method: 'GET', url: '/api/no-such-thing/42' });
    expect(missing.statusCode).toBe(404);
    const after = await scrape();
    expect(valueOf(after, series) - valueOf(before, series)).toBe(2);
    expect(valueOf(after, duration) - valueOf(before, duration)).toBe(2);
    // Unknown paths share one series instead of one per path tried.
    expect(after).not.toContain('no-such-thing');
  });

  it('counts jobs by outcome, mail sent, and shows the queue depth', async () => {
    const sent = 'portico_mail_total{transport="outbox",outcome="sent"}';
    const completed = `portico_jobs_total{job="${MAIL_SEND_JOB}",outcome="completed"}`;
    const failed = `portico_jobs_total{job="${MAIL_SEND_JOB}",outcome="failed"}`;
    const depth = `portico_job_queue_depth{job="${MAIL_SEND_JOB}"}`;
    await t.app.jobs.runDue(MAIL_SEND_JOB);
    const before = await scrape();
    await t.app.jobs.enqueue(MAIL_SEND_JOB, { to: 'a@example.com', subject: 'Hi', text: 'Hello' });
    await t.app.jobs.enqueue(MAIL_SEND_JOB, { to: 'not an address', subject: 'x', text: 'x' });
    expect(valueOf(await scrape(), depth) - valueOf(before, depth)).toBe(2);
    expect(await t.app.jobs.runDue(MAIL_SEND_JOB)).toBe(2);
    const after = await scrape();
    expect(valueOf(after, sent) - valueOf(before, sent)).toBe(1);
    expect(valueOf(after, completed) - valueOf(before, completed)).toBe(1);
    expect(valueOf(after, failed) - valueOf(before, failed)).toBe(1);
  });

  it('answers 404 to an address outside METRICS_ALLOW, as to any unknown path', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/metrics',
      remoteAddress: '203.0.113.9',
    });
    expect(response.statusCode).toBe(404);
    expect(response.body).not.toContain('portico_');
  });

  it('is not in the OpenAPI document', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(response.statusCode).toBe(200);
    expect(Object.keys(response.json<{ paths: object }>().paths)).not.toContain('/metrics');
  });

  it('serves the same registry on a port of its own (METRICS_PORT)', async () => {
    const server = await serveMetrics(t.app.metrics, { host: '127.0.0.1', port: 0 });
    try {
      const response = await fetch(`http://127.0.0.1:${server.port}/metrics`);
      expect(response.status).toBe(200);
      expect(await response.text()).toContain('portico_http_requests_total');
      expect((await fetch(`http://127.0.0.1:${server.port}/other`)).status).toBe(404);
    } finally {
      await server.close();
    }
  });
});

describe('/metrics behind a proxy, and with METRICS_PORT', () => {
  const t = appPerSuite(routeDatabaseKind(), {
    TRUST_PROXY: 'loopback',
    METRICS_ALLOW: '10.0.0.0/8',
  });

  it('decides by the client address that TRUST_PROXY gives (ADR 0015)', async () => {
    const viaProxy = (from: string) =>
      t.app.inject({ method: 'GET', url: '/metrics', headers: { 'x-forwarded-for': from } });
    expect((await viaProxy('10.1.2.3')).statusCode).toBe(200);
    expect((await viaProxy('203.0.113.9')).statusCode).toBe(404);
    // The proxy itself (loopback) is not in the list.
    expect((await t.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(404);
  });
});
