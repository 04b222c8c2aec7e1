import {
  combinedSearchCountsSchema,
  searchHitsSchema,
  searchSuggestionsSchema,
  supportSearchCountsSchema,
  type SearchHits,
} from '@portico/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { appPerSuite, bearersBeforeAll } from '../../../test/suite-app.js';
import { routeDatabaseKinds } from '../../../test/test-db.js';
import { until } from '../../../test/until.js';
import { demoAccounts } from '../../seed/accounts.js';
import { demoProducts } from '../../seed/products.js';
import { demoUsers } from '../../seed/users.js';

// Issue 38, ADR 0066 addendum: a search's answers are read caches of the instance, dropped
// on commit of any change to a searchable table, whoever writes it (here: plain SQL, as a
// job or another instance would). Without the triggers of migration 041 the new case, post
// and article below are never seen while the cached answers live.

const erp = demoProducts[0];

describe.each(routeDatabaseKinds())('search caches over %s', (kind) => {
  const t = appPerSuite(kind, { READ_CACHE: '1', SEARCH_RATE_LIMIT: '100000' });
  // (No search budget to spend: the waits below ask again and again.)
  const auth = bearersBeforeAll(t, 'anna', 'paul', 'erik');

  beforeAll(async () => {
    await until(async () => Promise.resolve(t.app.readCaches.serving()), 'the caches listen');
  });

  const get = async (url: string, who: keyof typeof auth = 'anna'): Promise<unknown> => {
    const res = await t.app.inject({ url, headers: { authorization: auth[who] } });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };
  const hits = async (query: string, who: keyof typeof auth = 'anna'): Promise<SearchHits> =>
    searchHitsSchema.parse(
      await get(`/api/search/hits?query=${query}&productId=${erp.contentId}`, who),
    );
  const caseTitles = (answer: SearchHits) =>
    answer.sources
      .find((s) => s.source === 'cases')
      ?.hits.map((h) => h.title.map((p) => p.text).join(''));

  it('keeps the answers, and a row written by plain SQL replaces them', async () => {
    const word = 'bilby';
    expect(caseTitles(await hits(word))).toEqual([]);
    const supportCount = async () =>
      supportSearchCountsSchema.parse(
        await get(`/api/support/count?userId=${demoUsers.anna.id}&query=${word}`),
      ).casesCount;
    const communityCount = async () =>
      combinedSearchCountsSchema.parse(
        await get(`/api/search/combined-count?productId=${erp.contentId}&query=${word}`),
      ).communitySearch?.count;
    const suggested = async () =>
      searchSuggestionsSchema
        .parse(await get(`/api/search/suggestions?query=bilb`))
        .suggestions.map((s) => s.title.map((p) => p.text).join(''));
    expect(await supportCount()).toBe(0);
    expect(await communityCount()).toBe(0);
    expect(await suggested()).toEqual([]);
    // Kept: the same answers again come from the caches.
    const caches = t.app.readCaches.search;
    expect([caches.hits.size, caches.supportCounts.size, caches.suggestions.size]).toEqual([
      1, 1, 1,
    ]);
    expect(caseTitles(await hits(word))).toEqual([]);

    await t.db.query(
      `insert into support_cases (number, account_id, title, status) values ('BB1', $1, $2, 'New')`,
      [demoAccounts.northwind.id, `The ${word} case`],
    );
    await t.db.query(`insert into community_posts (title, body, author) values ($1, 'x', 'y')`, [
      `A ${word} post`,
    ]);
    await until(async () => (await supportCount()) === 1, 'the case is counted');
    expect(caseTitles(await hits(word))).toEqual([`The ${word} case`]);
    expect(await communityCount()).toBe(1);
    expect(await suggested()).toContain(`The ${word} case`);
  });

  it('decides on every call who may search what, whatever another caller left cached', async () => {
    const word = 'numbat';
    await t.db.query(
      `insert into support_cases (number, account_id, title, status)
         values ('NB1', $1, $3, 'New'), ('NB2', $2, $3, 'New')`,
      [demoAccounts.northwind.id, demoAccounts.portico.id, `The ${word} case`],
    );
    await until(
      async () => (caseTitles(await hits(word)) ?? []).length === 1,
      "anna's case is found",
    );
    expect((await hits(word)).sources.find((s) => s.source === 'cases')?.hits[0]?.href).toBe(
      '/services/track-case/NB1',
    );
    // Erik (another account) gets his account's case, Paul (no SUPPORT_SERVICE_NOW) none.
    expect(
      (await hits(word, 'erik')).sources.find((s) => s.source === 'cases')?.hits[0]?.href,
    ).toBe('/services/track-case/NB2');
    expect((await hits(word, 'paul')).sources.map((s) => s.source)).not.toContain('cases');
  });

  it('a permission or a product taken away by plain SQL closes its sources', async () => {
    const sourcesOf = async () => (await hits('wallaby')).sources.map((s) => s.source);
    expect(await sourcesOf()).toEqual(expect.arrayContaining(['cases', 'productDocumentation']));
    try {
      await t.db.query(
        `update users set permissions = array_remove(permissions, 'SUPPORT_SERVICE_NOW')
          where id = $1`,
        [demoUsers.anna.id],
      );
      await until(async () => !(await sourcesOf()).includes('cases'), 'the cases are closed');
      await t.db.query('delete from user_products where user_id = $1 and product_id = $2', [
        demoUsers.anna.id,
        erp.id,
      ]);
      await until(
        async () => !(await sourcesOf()).includes('productDocumentation'),
        'the product is closed',
      );
    } finally {
      await t.db.query(
        `update users set permissions = array_append(permissions, 'SUPPORT_SERVICE_NOW')
          where id = $1`,
        [demoUsers.anna.id],
      );
      await t.db.query(
        'insert into user_products (user_id, product_id) values ($1, $2) on conflict do nothing',
        [demoUsers.anna.id, erp.id],
      );
    }
  });
});
