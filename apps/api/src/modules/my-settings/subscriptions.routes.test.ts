import { problemSchema, subscriptionListSchema } from '@portico/contracts';
import { beforeEach, describe, expect, it } from 'vitest';
import { type TestApp } from '../../../test/test-app.js';
import { appPerSuite } from '../../../test/suite-app.js';
import { routeDatabaseKinds } from '../../../test/test-db.js';
import type { Queryable } from '../../db/db.js';
import { MAIL_SEND_JOB } from '../../lib/mail/mailer.js';
import { keyEncryptionKeySource } from '../../lib/key-encryption.js';
import { NEWS_PUBLISHED_JOB } from '../news/news-events.js';
import { sendDueDigests } from './news-delivery.js';
import { DIGEST_JOB } from './subscriptions.jobs.js';
import { ANNA, PAUL, NINA } from '../../../test/demo-emails.js';

const ERP = '6f1d2c0a-7b3e-4d5a-9c1e-0a1b2c3d4e01';

interface OutboxRow {
  recipient: string;
  subject: string;
  text_body: string;
  html_body: string | null;
  headers: Record<string, string> | null;
}

/** Publishes like the editor does: the item and its job in one transaction. */
export async function publishNews(
  t: Pick<TestApp, 'app' | 'db'>,
  title: string,
  productIds: string[] = [],
): Promise<number> {
  return t.db.transaction(async (tx: Queryable) => {
    const { rows } = await tx.query<{ id: string }>(
      `insert into news (title, subtitle, publication_date, introduction, content)
       values ($1, 'Sub', now(), 'What is new <b>this</b> week.', '<p>Body</p>') returning id::text as id`,
      [title],
    );
    const newsId = Number(rows[0]?.id);
    for (const productId of productIds) {
      await tx.query('insert into news_products (news_id, product_id) values ($1, $2)', [
        newsId,
        productId,
      ]);
    }
    await t.app.jobs.enqueue(NEWS_PUBLISHED_JOB, { newsId }, { tx });
    return newsId;
  });
}

async function outbox(t: Pick<TestApp, 'app' | 'db'>, subjectPart: string): Promise<OutboxRow[]> {
  const { rows } = await t.db.query<OutboxRow>(
    `select recipient, subject, text_body, html_body, headers from mail_outbox
      where subject like $1 order by id`,
    [`%${subjectPart}%`],
  );
  return rows;
}

async function runAll(t: Pick<TestApp, 'app' | 'db'>): Promise<void> {
  await t.app.jobs.runDue(NEWS_PUBLISHED_JOB);
  await t.app.jobs.runDue(MAIL_SEND_JOB);
}

describe.each(routeDatabaseKinds())('e-mail subscriptions over %s', (kind) => {
  const t = appPerSuite(kind);
  const { as } = t;
  const post = async (email: string, subscriptions: unknown[]) =>
    t.app.inject({
      method: 'POST',
      url: '/api/subscriptions',
      headers: await as(email),
      payload: { subscriptions },
    });

  beforeEach(async () => {
    await t.db.query('delete from email_subscriptions');
  });

  it("lists the caller's own topics with defaults, product topics per connected product", async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/subscriptions',
      headers: await as(ANNA),
    });
    expect(res.statusCode).toBe(200);
    const list = subscriptionListSchema.parse(res.json());
    expect(list.find((s) => s.topic === 'general-news')).toMatchObject({
      frequency: 'off',
      productId: null,
    });
    expect(list.filter((s) => s.topic === 'product-news').map((s) => s.productName)).toEqual([
      'ERP',
      'Financials',
      'FP&A',
    ]);
    expect(list.find((s) => s.topic === 'invoices')?.frequency).toBe('immediately');
    // nina: no products, no invoices permission
    const nina = subscriptionListSchema.parse(
      (
        await t.app.inject({ method: 'GET', url: '/api/subscriptions', headers: await as(NINA) })
      ).json(),
    );
    expect(nina.map((s) => s.topic)).toEqual(['general-news', 'cloud-maintenance']);
  });

  it('saves only the caller’s own subscriptions and rejects bad input with 400', async () => {
    const saved = await post(ANNA, [
      { topic: 'general-news', productId: null, frequency: 'daily' },
      { topic: 'product-news', productId: ERP, frequency: 'immediately' },
    ]);
    expect(saved.statusCode).toBe(200);
    const list = subscriptionListSchema.parse(saved.json());
    expect(list.find((s) => s.topic === 'general-news')?.frequency).toBe('daily');
    expect(list.find((s) => s.topic === 'product-news' && s.productId === ERP)?.frequency).toBe(
      'immediately',
    );
    // nina sees her own, unchanged
    const nina = subscriptionListSchema.parse(
      (
        await t.app.inject({ method: 'GET', url: '/api/subscriptions', headers: await as(NINA) })
      ).json(),
    );
    expect(nina.find((s) => s.topic === 'general-news')?.frequency).toBe('off');

    for (const bad of [
      [{ topic: 'general-news', productId: null, frequency: 'hourly' }],
      [{ topic: 'no-such-topic', productId: null, frequency: 'off' }],
      [{ topic: 'product-news', productId: null, frequency: 'daily' }],
      [{ topic: 'general-news', productId: ERP, frequency: 'daily' }],
      [],
    ]) {
      const res = await post(ANNA, bad);
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
      expect(problemSchema.parse(res.json()).detail).not.toBe('');
    }
    // A product nina is not connected to, and a topic she may not have.
    expect(
      (await post(NINA, [{ topic: 'product-news', productId: ERP, frequency: 'daily' }]))
        .statusCode,
    ).toBe(400);
    expect(
      (await post(NINA, [{ topic: 'invoices', productId: null, frequency: 'off' }])).statusCode,
    ).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: '/api/subscriptions' })).statusCode).toBe(401);
  });

  it('delivers a published item exactly once: immediate mail, notification, with one-click unsubscribe', async () => {
    await post(ANNA, [{ topic: 'general-news', productId: null, frequency: 'immediately' }]);
    await post(PAUL, [{ topic: 'general-news', productId: null, frequency: 'weekly' }]);
    const newsId = await publishNews(t, 'Exactly once <script>x</script>');
    await runAll(t);
    // The job runs again (a retry after a crash): nothing new.
    await t.app.jobs.enqueue(NEWS_PUBLISHED_JOB, { newsId });
    await runAll(t);
    const mails = await outbox(t, 'Exactly once');
    expect(mails.map((m) => m.recipient)).toEqual([ANNA]);
    const mail = mails[0]!;
    expect(mail.subject).toBe('New on Portico: Exactly once x'); // tags never reach a subject
    expect(mail.text_body).toContain(
      `http://localhost:8080/news/news-item/exactly-once-script-x-script/${newsId}`,
    );
    expect(mail.html_body).toContain('Exactly once &lt;script&gt;');
    expect(mail.html_body).not.toContain('<script>');
    expect(mail.headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    const url = /^<(http:\/\/localhost:8080\/unsubscribe\?token=[^>]+)>$/.exec(
      mail.headers?.['List-Unsubscribe'] ?? '',
    )?.[1];
    expect(url).toBeDefined();
    const path = url!.replace('http://localhost:8080', '');

    // Notifications: anna and paul (digest subscriber) each got one.
    const notes = await t.db.query<{ user_id: string }>(
      `select user_id from user_notifications where source = $1 order by user_id`,
      [`news:${newsId}`],
    );
    expect(notes.rows.map((r) => r.user_id)).toEqual(['u-anna', 'u-paul']);

    // GET only shows a confirmation; it does not unsubscribe (mail scanners prefetch).
    const page = await t.app.inject({ method: 'GET', url: path });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('General news');
    const stillOn = subscriptionListSchema.parse(
      (
        await t.app.inject({ method: 'GET', url: '/api/subscriptions', headers: await as(ANNA) })
      ).json(),
    );
    expect(stillOn.find((s) => s.topic === 'general-news')?.frequency).toBe('immediately');

    // A tampered token is a 400 and changes nothing.
    const token = new URL(url!).searchParams.get('token')!;
    const [body = '', sig = ''] = token.split('.');
    const forged = Buffer.from(JSON.stringify({ v: 1, u: 'u-nina', s: 'general-news' })).toString(
      'base64url',
    );
    // Another signature in its bytes (a changed character could encode the same bytes).
    const flipped = Buffer.from(sig, 'base64url');
    flipped[0] = (flipped[0] ?? 0) ^ 1;
    const otherSig = flipped.toString('base64url');
    for (const bad of [`${forged}.${sig}`, `${body}.${otherSig}`, 'nonsense', '']) {
      const res = await t.postForm(`/unsubscribe?token=${encodeURIComponent(bad)}`, {
        'List-Unsubscribe': 'One-Click',
      });
      expect(res.statusCode).toBe(400);
    }

    // One-click POST, signed out.
    const done = await t.postForm(path, { 'List-Unsubscribe': 'One-Click' });
    expect(done.statusCode).toBe(200);
    expect(done.body).toContain('You are unsubscribed');
    const after = subscriptionListSchema.parse(
      (
        await t.app.inject({ method: 'GET', url: '/api/subscriptions', headers: await as(ANNA) })
      ).json(),
    );
    expect(after.find((s) => s.topic === 'general-news')?.frequency).toBe('off');
  });

  it('sends product news only to subscribers of a targeted product, in their language', async () => {
    await t.db
      .query(`insert into labels (language, key, value) values ('de', 'mail.news.subject', 'Neu im Portal: {title}')
      on conflict (language, key) do update set value = excluded.value`);
    await t.db.query(`update users set language = 'de' where id = 'u-anna'`);
    try {
      await post(ANNA, [{ topic: 'product-news', productId: ERP, frequency: 'immediately' }]);
      const { rows } = await t.db.query<{ id: string }>(
        `select id from products where content_id = $1`,
        [ERP],
      );
      const other = await t.db.query<{ id: string }>(
        `select id from products where content_id <> $1 limit 1`,
        [ERP],
      );
      await publishNews(t, 'Product item for ERP', [rows[0]!.id]);
      await publishNews(t, 'Product item for another', [other.rows[0]!.id]);
      await runAll(t);
      expect(
        (await outbox(t, 'Product item for ERP')).map((m) => [m.recipient, m.subject]),
      ).toEqual([[ANNA, 'Neu im Portal: Product item for ERP']]);
      expect(await outbox(t, 'Product item for another')).toEqual([]);
    } finally {
      await t.db.query(`update users set language = 'en' where id = 'u-anna'`);
    }
  });

  it('gathers digest items and sends one daily digest per period (injected clock)', async () => {
    await post(NINA, [{ topic: 'general-news', productId: null, frequency: 'daily' }]);
    await publishNews(t, 'Digest item one');
    await publishNews(t, 'Digest item two');
    await runAll(t);
    expect(await outbox(t, 'Digest item')).toEqual([]); // waits for the digest
    const deps = {
      db: t.db,
      jobs: t.app.jobs,
      publicUrl: 'http://localhost:8080',
      encryptionKey: keyEncryptionKeySource(t.app.env),
    };
    const digests = async () =>
      (await outbox(t, 'daily Portico news digest')).filter((m) => m.recipient === NINA);

    // 05:00 UTC on 1 March 2030 belongs to 28 February's period; 06:30 starts 1 March's.
    expect(await sendDueDigests(deps, new Date('2030-03-01T06:30:00Z'))).toBeGreaterThanOrEqual(1);
    await t.app.jobs.runDue(MAIL_SEND_JOB);
    let mine = await digests();
    expect(mine).toHaveLength(1);
    expect(mine[0]!.text_body).toContain('Digest item one');
    expect(mine[0]!.text_body).toContain('Digest item two');
    expect(mine[0]!.headers?.['List-Unsubscribe']).toMatch(
      /^<http:\/\/localhost:8080\/unsubscribe\?token=/,
    );

    // Later the same day: a new item waits; no second digest in one period.
    await publishNews(t, 'Digest item three');
    await runAll(t);
    expect(await sendDueDigests(deps, new Date('2030-03-01T18:00:00Z'))).toBe(0);
    expect(await sendDueDigests(deps, new Date('2030-03-02T05:59:00Z'))).toBe(0);
    await t.app.jobs.runDue(MAIL_SEND_JOB);
    expect(await digests()).toHaveLength(1);

    // The next period: only the new item.
    await sendDueDigests(deps, new Date('2030-03-02T06:05:00Z'));
    await t.app.jobs.runDue(MAIL_SEND_JOB);
    mine = await digests();
    expect(mine).toHaveLength(2);
    expect(mine[1]!.text_body).toContain('Digest item three');
    expect(mine[1]!.text_body).not.toContain('Digest item one');
    // The digest job is defined for the queue's cron.
    expect(await t.app.jobs.runDue(DIGEST_JOB)).toBe(0);
  });
});
