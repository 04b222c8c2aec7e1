import { PgBoss, type Db as BossDb } from 'pg-boss';
import type { Db, Queryable } from '../../db/db.js';
import { carryOverBossV10Jobs, retireBossV10 } from './pg-boss-v10.js';

/**
 * The one job queue of the server (ADR 0028): pg-boss over the application's own database,
 * PostgreSQL or PGlite alike, through pg-boss's `db` option. Jobs are rows, so a job enqueued
 * in the same transaction as the change that needs it survives any crash after the commit,
 * and several API nodes share the work (SKIP LOCKED). Issue 12 (notifications, digests)
 * defines its own jobs on the same queue.
 */
export interface JobDefinition<T> {
  /** Queue name, e.g. `mail.send`. */
  name: string;
  /** Parses a job's stored data; a job that no longer parses fails without retries. */
  parse: (data: unknown) => T;
  /**
   * Runs one attempt. `attempt.last` is true when a failure now is final (no retries left):
   * a handler may record it for people to see (ADR 0053).
   */
  handle: (data: T, attempt: { last: boolean }) => Promise<void>;
  /** Attempts after the first; default 5, with exponential back-off from retryDelaySeconds. */
  retryLimit?: number;
  retryDelaySeconds?: number;
  /**
   * Also run this job on a cron schedule (UTC), e.g. '0 * * * *' (issue 12 digests). pg-boss
   * keeps the schedule in the database and one node at a time sends it, so several nodes run
   * it once.
   */
  cron?: string;
  /**
   * Also run when one of these events is published (`publish`), with the event's data: each
   * follower gets a job of its own, so one failing does not hold back another (issue 38: a
   * saved search hears of newly published news at once, not at its next quarter hour).
   */
  follows?: readonly string[];
}

export interface EnqueueOptions {
  /** Enqueue inside this transaction: the job exists only if the transaction commits. */
  tx?: Queryable;
  /** Delay before the first attempt, in seconds. */
  startAfterSeconds?: number;
}

export interface JobQueue {
  /** Registers a kind of job; call before start(). */
  define<T>(definition: JobDefinition<T>): void;
  enqueue(name: string, data: object, options?: EnqueueOptions): Promise<string>;
  /**
   * Publishes an event: one job for the job named like the event (when there is one) and one
   * for each job that follows it, all in the same transaction when `tx` is given.
   */
  publish(event: string, data: object, options?: EnqueueOptions): Promise<void>;
  /** Installs the queue's tables (idempotent), creates the queues and starts the workers. */
  start(options?: { work?: boolean }): Promise<void>;
  /** Runs the jobs of `name` that are due now, in this process (tests, CLI). Returns how many ran. */
  runDue(name: string): Promise<number>;
  stop(): Promise<void>;
  /** Jobs waiting (created or waiting to retry) per queue: the /metrics depth gauge. */
  depths(): Promise<Map<string, number>>;
}

export interface JobQueueOptions {
  /** Schema of the queue's tables; default the connection's current schema (the app's). */
  schema?: string;
  /** How often idle workers look for work, in seconds (pg-boss minimum 0.5). */
  pollingIntervalSeconds?: number;
  onError?: (error: unknown) => void;
  /** Hears how each job run ended (the /metrics counters). */
  onJobDone?: (name: string, outcome: 'completed' | 'failed') => void;
  /** Wraps each job run (tracing: one span per job, lib/telemetry). */
  aroundJob?: (name: string, run: () => Promise<void>) => Promise<void>;
}

/** pg-boss's Db: one statement with parameters, or several without (its own migrations). */
function bossDb(db: Queryable): BossDb {
  return {
    async executeSql(text: string, values?: unknown[]) {
      if (values && values.length > 0) return db.query(text, values);
      if (/;\s*\S/.test(text)) return { rows: await db.exec(text) };
      return db.query(text);
    },
  };
}

export function createJobQueue(db: Db, options: JobQueueOptions): JobQueue {
  const definitions = new Map<string, JobDefinition<unknown>>();
  let boss: PgBoss | undefined;
  let schemaName = 'public';
  let started: Promise<void> | undefined;
  const running = (): PgBoss => {
    if (!boss) throw new Error('the job queue has not been started');
    return boss;
  };

  async function runOne(
    definition: JobDefinition<unknown>,
    job: { data: unknown; retryCount: number; retryLimit: number },
  ): Promise<void> {
    const run = () =>
      definition.handle(definition.parse(job.data), {
        last: job.retryCount >= job.retryLimit,
      });
    try {
      await (options.aroundJob ? options.aroundJob(definition.name, run) : run());
    } catch (error) {
      options.onJobDone?.(definition.name, 'failed');
      throw error;
    }
    options.onJobDone?.(definition.name, 'completed');
  }

  async function enqueue(
    name: string,
    data: object,
    enqueueOptions: EnqueueOptions = {},
  ): Promise<string> {
    const definition = definitions.get(name);
    if (!definition) throw new Error(`no job named ${name} is defined`);
    await started;
    const id = await running().send(name, data, {
      retryLimit: definition.retryLimit ?? 5,
      retryDelay: definition.retryDelaySeconds ?? 10,
      retryBackoff: true,
      ...(enqueueOptions.startAfterSeconds !== undefined
        ? { startAfter: enqueueOptions.startAfterSeconds }
        : {}),
      ...(enqueueOptions.tx ? { db: bossDb(enqueueOptions.tx) } : {}),
    });
    if (id === null) throw new Error(`job ${name} was not enqueued`);
    return id;
  }

  return {
    define<T>(definition: JobDefinition<T>) {
      definitions.set(definition.name, definition as JobDefinition<unknown>);
    },

    enqueue,

    async publish(event, data, enqueueOptions = {}) {
      const hearers = [...definitions.values()].filter(
        (definition) => definition.name === event || definition.follows?.includes(event),
      );
      // As enqueue does for an unknown job: a mistyped event must not pass unnoticed.
      if (hearers.length === 0) throw new Error(`no job is named ${event} or follows it`);
      for (const definition of hearers) await enqueue(definition.name, data, enqueueOptions);
    },

    start({ work = true } = {}) {
      started ??= (async () => {
        const schema =
          options.schema ??
          (await db.query<{ s: string }>('select current_schema() as s')).rows[0]?.s ??
          'public';
        schemaName = schema;
        // pg-boss 12 cannot migrate pg-boss 10's tables: their waiting jobs are carried over.
        await retireBossV10(db, schema);
        const created = new PgBoss({
          db: bossDb(db),
          schema,
          // Maintenance (expiry, archiving) runs on every working node, serialised by a lock.
          supervise: work,
          // Cron schedules run only where a job asks for one (ADR 0031), on working nodes.
          schedule: work && [...definitions.values()].some((d) => d.cron !== undefined),
          migrate: true,
        });
        created.on('error', (error) => options.onError?.(error));
        await created.start();
        boss = created;
        await carryOverBossV10Jobs(db, schema, async (job) => {
          await created.createQueue(job.name);
          await created.send(job.name, job.data, {
            retryLimit: Math.max(0, job.retryLimit - job.retryCount),
            retryDelay: job.retryDelay,
            retryBackoff: job.retryBackoff,
            startAfter: job.startAfter,
            ...(job.singletonKey !== null ? { singletonKey: job.singletonKey } : {}),
          });
        });
        // Every queue exists (and sits in pg-boss's queue cache) before any worker runs: a job
        // that enqueues another inside a transaction must not make pg-boss 12 look a queue up
        // over the main connection, which on PGlite waits for that very transaction.
        for (const definition of definitions.values()) await created.createQueue(definition.name);
        for (const definition of definitions.values()) {
          if (!work) continue;
          if (definition.cron !== undefined) {
            await created.schedule(definition.name, definition.cron, {}, { tz: 'UTC' });
          }
          await created.work(
            definition.name,
            {
              pollingIntervalSeconds: options.pollingIntervalSeconds ?? 2,
              batchSize: 1,
              includeMetadata: true,
            },
            async (jobs) => {
              for (const job of jobs) await runOne(definition, job);
            },
          );
        }
      })();
      return started;
    },

    async runDue(name) {
      const definition = definitions.get(name);
      if (!definition) throw new Error(`no job named ${name} is defined`);
      let count = 0;
      for (;;) {
        await started;
        const [job] = await running().fetch<unknown>(name, {
          batchSize: 1,
          includeMetadata: true,
        });
        if (!job) return count;
        count += 1;
        try {
          await runOne(definition, job);
          await running().complete(name, job.id);
        } catch (error) {
          await running().fail(name, job.id, { message: String(error) });
        }
      }
    },

    async depths() {
      const depths = new Map<string, number>();
      if (!boss) return depths;
      // Jobs before `active`: created and retry (waiting for their next attempt). Counted in
      // the job table: pg-boss 11+ reports queue sizes only as its monitor last cached them.
      const { rows } = await db.query<{ name: string; n: number }>(
        `select name, count(*)::int as n from "${schemaName.replaceAll('"', '""')}".job
          where name = any($1) and state < 'active' group by name`,
        [[...definitions.keys()]],
      );
      for (const name of definitions.keys()) depths.set(name, 0);
      for (const row of rows) depths.set(row.name, row.n);
      return depths;
    },

    async stop() {
      if (!started) return;
      await started.catch(() => undefined);
      await boss?.stop({ graceful: true, close: false, timeout: 5000 });
    },
  };
}
