// Issue 24 "See it", traces of jobs (ADR 0052 and its addendum): with tracing started as
// boot.ts starts it, a job run is one span (`job <name>`, pg-boss has no instrumentation of
// its own) with the job's SQL statements as its children (instrumentation-pg), and the
// queue's own polling adds no traces of its own. The SDK's in-memory exporter stands in for
// the collector; e2e/tests/tracing.test.ts covers the request path over OTLP.
import { SpanKind } from '@opentelemetry/api';
import { InMemorySpanExporter, type ReadableSpan } from '@opentelemetry/sdk-trace-node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTracing } from './tracing.js';

// Before pg and fastify load: the instrumentations patch them as they are imported.
const exporter = new InMemorySpanExporter();
startTracing(exporter);
const { createTestApp } = await import('../../../test/test-app.js');
const { bearerFor } = await import('../../../test/tokens.js');
const { createUser } = await import('../../../test/user-input.js');
const { USER_INVITATION_JOB } =
  await import('../../modules/user-management/invitations.service.js');
type TestApp = Awaited<ReturnType<typeof createTestApp>>;

const parentOf = (span: ReadableSpan): string | undefined => span.parentSpanContext?.spanId;
/** A span of instrumentation-pg: a statement (`pg.query:…`) or a pool checkout. */
const isPg = (span: ReadableSpan): boolean =>
  span.instrumentationScope.name === '@opentelemetry/instrumentation-pg';
const isSql = (span: ReadableSpan): boolean => isPg(span) && span.name.startsWith('pg.query');

// pg spans need PostgreSQL: PGlite runs in the process, with no driver to instrument.
describe.skipIf(!process.env.DATABASE_URL)('trace spans of the job queue', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp('postgres');
  });
  afterAll(async () => {
    await t.close();
  });

  it('runs the invitation job enqueued by a request as a span with its SQL under it', async () => {
    const headers = {
      authorization: `Bearer ${await bearerFor(t.app, 'anna.customer@portico.test')}`,
    };
    await createUser(t.app, headers, { email: 'traced.invitee@northwind.test', username: '' });
    exporter.reset(); // from here on: the job alone

    expect(await t.app.jobs.runDue(USER_INVITATION_JOB)).toBe(1);

    const spans = exporter.getFinishedSpans();
    const job = spans.find((s) => s.name === `job ${USER_INVITATION_JOB}`);
    expect(job, 'a span for the job run').toBeDefined();
    if (!job) return;
    expect(job.kind).toBe(SpanKind.CONSUMER);
    expect(job.attributes['messaging.system']).toBe('pg-boss');
    const trace = spans.filter((s) => s.spanContext().traceId === job.spanContext().traceId);
    const underJob = (span: ReadableSpan): boolean => {
      const parent = trace.find((s) => s.spanContext().spanId === parentOf(span));
      return parent === job || (parent !== undefined && underJob(parent));
    };
    // The job read its invitation and stored the token's hash, each statement a child span.
    const statements = trace.filter((s) => isSql(s) && underJob(s));
    const text = statements.map((s) => String(s.attributes['db.query.text'] ?? ''));
    expect(text.some((q) => /from user_invitations/i.test(q))).toBe(true);
    expect(text.some((q) => /update user_invitations/i.test(q))).toBe(true);
    // Statement text only: the token's hash and the address stay out of the spans (ADR 0017).
    expect(statements.some((s) => 'db.postgresql.values' in s.attributes)).toBe(false);

    // Fetching the job and marking it done are the queue's polling, outside any request or
    // job: they make no root spans, which would drown the traces that matter.
    expect(spans.filter((s) => isPg(s) && parentOf(s) === undefined).map((s) => s.name)).toEqual(
      [],
    );
  });
});
