import {
  problemSchema,
  notificationListSchema,
  savedSearchListSchema,
  savedSearchSchema,
} from '@portico/contracts';
import { describe, expect, it } from 'vitest';
import { appPerSuite, bearersBeforeAll } from '../../../test/suite-app.js';
import { routeDatabaseKinds } from '../../../test/test-db.js';
import { demoProducts } from '../../seed/products.js';
import { demoUsers } from '../../seed/users.js';
import { keyEncryptionKeySource } from '../../lib/key-encryption.js';
import { MAIL_SEND_JOB } from '../../lib/mail/mailer.js';
import { insertNews } from '../news/news.repository.js';
import { SAVED_SEARCHES_JOB } from './saved-searches.jobs.js';
import { checkSavedSearches } from './saved-searches.service.js';

const erp = demoProducts[0];

describe.each(routeDatabaseKinds())('saved searches over %s', (kind) => {
  const t = appPerSuite(kind);
  const auth = bearersBeforeAll(t, 'anna', 'paul', 'erik');

  const call = (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    payload?: object,
    who: keyof typeof auth = 'anna',
  ) =>
    t.app.inject({
      method,
      url,
      headers: { authorization: auth[who] },
      ...(payload ? { payload } : {}),
    });
  const check = (at: Date) =>
    checkSavedSearches(
      {
        db: t.db,
        jobs: t.app.jobs,
        env: t.app.env,
        encryptionKey: keyEncryptionKeySource(t.app.env),
      },
      at,
    );

  it('saves, lists, changes and removes the caller’s own searches only', async () => {
    const created = await call('POST', '/api/search/saved', {
      query: 'numbat',
      productId: erp.contentId,
      notifyBell: true,
      notifyEmail: false,
    });
    expect(created.statusCode, created.body).toBe(201);
    const saved = savedSearchSchema.parse(created.json());
    expect(saved).toMatchObject({ query: 'numbat', productId: erp.contentId, notifyBell: true });
    // The same query and product again: the same search, its notification choice changed.
    const again = await call('POST', '/api/search/saved', {
      query: 'numbat',
      productId: erp.contentId,
      notifyBell: true,
      notifyEmail: true,
    });
    expect(again.statusCode).toBe(200);
    expect(savedSearchSchema.parse(again.json()).id).toBe(saved.id);

    const list = savedSearchListSchema.parse((await call('GET', '/api/search/saved')).json());
    expect(list.items.map((s) => [s.query, s.notifyEmail])).toEqual([['numbat', true]]);
    // Paul sees none of anna's, and cannot change or remove them (404, not 403).
    const paul = savedSearchListSchema.parse(
      (await call('GET', '/api/search/saved', undefined, 'paul')).json(),
    );
    expect(paul.items).toEqual([]);
    const foreign = { notifyBell: false, notifyEmail: false };
    expect((await call('PUT', `/api/search/saved/${saved.id}`, foreign, 'paul')).statusCode).toBe(
      404,
    );
    expect(
      (await call('DELETE', `/api/search/saved/${saved.id}`, undefined, 'paul')).statusCode,
    ).toBe(404);

    const changed = await call('PUT', `/api/search/saved/${saved.id}`, foreign);
    expect(savedSearchSchema.parse(changed.json())).toMatchObject({
      notifyBell: false,
      notifyEmail: false,
    });
    expect((await call('DELETE', `/api/search/saved/${saved.id}`)).statusCode).toBe(204);
    expect((await call('DELETE', `/api/search/saved/${saved.id}`)).statusCode).toBe(404);
  });

  it('refuses bad input readably: no query, an unknown product, a bad id', async () => {
    const empty = await call('POST', '/api/search/saved', {
      query: ' ',
      notifyBell: true,
      notifyEmail: false,
    });
    expect(empty.statusCode).toBe(400);
    expect(problemSchema.parse(empty.json()).detail).toContain('query');
    const unknown = await call('POST', '/api/search/saved', {
      query: 'numbat',
      productId: 'nope',
      notifyBell: true,
      notifyEmail: false,
    });
    expect(unknown.statusCode).toBe(404);
    expect(
      (await call('PUT', '/api/search/saved/abc', { notifyBell: true, notifyEmail: true }))
        .statusCode,
    ).toBe(400);
  });

  it('tells new results once, in the bell and by e-mail, and the mail unsubscribes', async () => {
    const saved = savedSearchSchema.parse(
      (
        await call('POST', '/api/search/saved', {
          query: 'bilby',
          notifyBell: true,
          notifyEmail: true,
        })
      ).json(),
    );
    const start = Date.now();
    // Nothing new yet: nothing told.
    expect(await check(new Date(start + 1_000))).toBe(0);
    await insertNews(t.db, [
      { title: 'The bilby report', publicationDate: start + 2_000, content: '<p>x</p>' },
      { title: 'Unrelated', publicationDate: start + 2_000, content: '<p>y</p>' },
    ]);
    expect(await check(new Date(start + 3_000))).toBe(1);
    // The next check finds nothing new: told once.
    expect(await check(new Date(start + 4_000))).toBe(0);

    const bell = notificationListSchema.parse((await call('GET', '/api/notifications')).json());
    const told = bell.items.find((n) => n.title === 'New results for “bilby”');
    expect(told).toMatchObject({
      content: '1 new result for your saved search.',
      path: '/search?query=bilby',
      link: 'Show the results',
    });

    await t.app.jobs.runDue(MAIL_SEND_JOB);
    const { rows } = await t.db.query<{
      recipient: string;
      text_body: string;
      headers: Record<string, string>;
    }>(`select recipient, text_body, headers from mail_outbox where subject like '%bilby%'`);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.recipient).toBe(demoUsers.anna.email);
    expect(rows[0]?.text_body).toContain('* The bilby report');
    expect(rows[0]?.text_body).not.toContain('Unrelated');
    const unsubscribe = /<([^>]+)>/.exec(rows[0]?.headers['List-Unsubscribe'] ?? '')?.[1] ?? '';
    const path = new URL(unsubscribe).pathname + new URL(unsubscribe).search;
    const page = await t.app.inject({ method: 'GET', url: path });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('e-mail about a saved search');
    expect((await t.app.inject({ method: 'POST', url: path })).statusCode).toBe(200);
    const after = savedSearchListSchema.parse((await call('GET', '/api/search/saved')).json());
    expect(after.items.find((s) => s.id === saved.id)).toMatchObject({
      notifyBell: true,
      notifyEmail: false,
    });
  });

  /**
   * anna saves a search for `word` (bell only), a check runs at `checkedAt`, then erik
   * publishes an item with the word dated `publicationDate`; answers what the bell then says.
   */
  async function publishAfterCheck(word: string, checkedAt: Date, publicationDate: number) {
    await call('POST', '/api/search/saved', { query: word, notifyBell: true, notifyEmail: false });
    await check(checkedAt);
    expect(await t.app.jobs.runDue(SAVED_SEARCHES_JOB)).toBe(0);
    const published = await call(
      'POST',
      '/api/news',
      {
        title: `The ${word} census`,
        subtitle: '',
        location: '',
        publicationDate,
        introduction: 'Counted.',
        content: `<p>Every ${word}.</p>`,
        headerImage: null,
        sales: false,
        productIds: [],
        action: 'publish',
      },
      'erik',
    );
    expect(published.statusCode).toBe(201);
    // Publishing is an event the saved searches follow: their check is queued with it.
    expect(await t.app.jobs.runDue(SAVED_SEARCHES_JOB)).toBe(1);
    const bell = notificationListSchema.parse((await call('GET', '/api/notifications')).json());
    return bell.items.map((n) => n.title);
  }

  it('tells news published in the editor at once, not at the next quarter hour', async () => {
    // The check has run (the cron's start): what is published next is new.
    const told = await publishAfterCheck('quoll', new Date(Date.now() - 1_000), Date.now() - 500);
    expect(told).toContain('New results for “quoll”');
  });

  it('tells an item dated earlier than its publication: it is new from when it went live', async () => {
    // Dated this morning, published now: after the last check, though its date is before it.
    const told = await publishAfterCheck('dunnart', new Date(), Date.now() - 3 * 3_600_000);
    expect(told).toContain('New results for “dunnart”');
  });
});
