import { afterAll, describe, expect, it } from 'vitest';
import { testEnvSource } from '../../../test/test-app.js';
import { createTestDb, databaseKinds, type TestDb } from '../../../test/test-db.js';
import { buildApp } from '../../app.js';
import { loadEnv } from '../../config/env.js';
import { NEWS_PUBLISHED_JOB } from '../news/news-events.js';

/**
 * Issue 12 robustness: the server stops between publishing and sending; a new server on the
 * same database delivers every mail exactly once.
 */
describe.each(databaseKinds())('delivery across a restart over %s', (kind) => {
  let testDb: TestDb | undefined;
  afterAll(async () => {
    await testDb?.close();
  });

  const startApp = async (db: TestDb['db']) => {
    const app = await buildApp({ env: loadEnv(testEnvSource()), db, ready: true });
    await app.ready();
    return app;
  };

  it('delivers every mail once after the first server stopped before the job ran', async () => {
    testDb = await createTestDb(kind);
    const { db } = testDb;
    await db.query(
      `insert into email_subscriptions (user_id, topic, frequency)
       values ('u-anna', 'general-news', 'immediately'), ('u-nina', 'general-news', 'immediately'),
              ('u-paul', 'general-news', 'daily')`,
    );

    const first = await startApp(db);
    await first.jobs.start({ work: false }); // publishes, never works
    await db.transaction(async (tx) => {
      const { rows } = await tx.query<{ id: string }>(
        `insert into news (title, publication_date, content) values ('Restart-proof item', now(), '<p>x</p>')
         returning id::text as id`,
      );
      await first.jobs.enqueue(NEWS_PUBLISHED_JOB, { newsId: Number(rows[0]?.id) }, { tx });
    });
    await first.close(); // "killed" before anything was sent

    const count = async () =>
      (
        await db.query<{ recipient: string }>(
          `select recipient from mail_outbox where subject like '%Restart-proof item%' order by recipient`,
        )
      ).rows.map((r) => r.recipient);
    expect(await count()).toEqual([]);

    const second = await startApp(db);
    try {
      await second.jobs.start({ work: true });
      const deadline = Date.now() + 40_000;
      while ((await count()).length < 2 && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
      // Give a duplicate the chance to appear, then check there is none.
      await new Promise((resolve) => setTimeout(resolve, 3000));
      expect(await count()).toEqual(['anna.customer@portico.test', 'nina.basic@portico.test']);
      const notes = await db.query(
        `select 1 from user_notifications where title = 'Restart-proof item'`,
      );
      expect(notes.rows).toHaveLength(3);
    } finally {
      await second.close();
    }
  }, 60_000);
});
