import {
  recentSearchesSchema,
  SEARCH_SUGGESTIONS_LIMIT,
  searchSuggestionsSchema,
  type SearchSuggestions,
} from '@portico/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { ctesRun } from '../../../test/plan-ctes.js';
import { appPerSuite, bearersBeforeAll } from '../../../test/suite-app.js';
import { routeDatabaseKinds } from '../../../test/test-db.js';
import { demoAccounts } from '../../seed/accounts.js';
import { demoProducts } from '../../seed/products.js';
import { insertNews } from '../news/news.repository.js';
import { RECENT_SEARCHES_KEPT } from './search-history.repository.js';
import { toSegments } from './search-segments.js';
import { findSuggestions, suggestionsStatement } from './search-suggestions.repository.js';

const erp = demoProducts[0];

describe.each(routeDatabaseKinds())('search suggestions and recent searches over %s', (kind) => {
  const t = appPerSuite(kind);
  const auth = bearersBeforeAll(t, 'anna', 'paul');

  beforeAll(async () => {
    await insertNews(
      t.db,
      Array.from({ length: 12 }, (_, i) => ({
        title: `Wallabies in the outback ${i}`,
        publicationDate: Date.UTC(2020, 0, 1 + i),
        content: '<p>x</p>',
      })),
    );
    await insertNews(t.db, [
      // The word only in the text: not suggested (suggestions are titles).
      { title: 'Kangaroo', publicationDate: Date.UTC(2021, 0, 1), content: '<p>wallaby</p>' },
    ]);
    await t.db.query(`insert into support_cases (number, account_id, title) values ($1, $2, $3)`, [
      'QW1',
      demoAccounts.northwind.id,
      'Wallaby import fails',
    ]);
    // The product's news (its links) and an account's cases, for the paths' comparison.
    await t.db.query(
      `insert into news_products (news_id, product_id)
       select id, $1 from news where title like 'Wallabies in the outback %' and id % 2 = 0`,
      [erp.id],
    );
    await t.db.query(
      `insert into support_cases (number, account_id, title, opened_at)
       select 'QW1' || g, $1, 'Wallaby outback case ' || g, timestamptz '2024-01-01' + g * interval '1 day'
         from generate_series(1, 7) g`,
      [demoAccounts.northwind.id],
    );
  });

  const get = (url: string, who: keyof typeof auth = 'anna') =>
    t.app.inject({ method: 'GET', url, headers: { authorization: auth[who] } });
  const suggest = async (
    params: Record<string, string>,
    who: keyof typeof auth = 'anna',
  ): Promise<SearchSuggestions> => {
    const res = await get(`/api/search/suggestions?${new URLSearchParams(params).toString()}`, who);
    expect(res.statusCode, res.body).toBe(200);
    return searchSuggestionsSchema.parse(res.json());
  };
  const titles = (s: SearchSuggestions) =>
    s.suggestions.map((x) => x.title.map((p) => p.text).join(''));

  it('suggests up to 8 titles that begin words with the typed text, across sources', async () => {
    const answer = await suggest({ query: 'walla', productId: erp.contentId });
    expect(answer.suggestions).toHaveLength(SEARCH_SUGGESTIONS_LIMIT);
    // Taken in turn: the case is among them although twelve news titles match too.
    expect(answer.suggestions.map((s) => s.source)).toContain('cases');
    expect(titles(answer)).toContain('Wallaby import fails');
    expect(titles(answer)).not.toContain('Kangaroo');
    const news = answer.suggestions.find((s) => s.source === 'news');
    expect(news?.href).toMatch(/^\/news\/news-item\/wallabies-in-the-outback-11\/\d+$/);
    expect(news?.title.find((p) => p.match)?.text).toBe('Wallabies');
  });

  it('reads a rare prefix from the index and a frequent one from the newest rows: the same titles', async () => {
    // The vocabulary bounds the titles: twelve begin a word with "walla" (and "outb").
    const sources = [
      { source: 'news' },
      { source: 'productNews', scope: demoProducts[0].id },
      { source: 'serviceCatalog' },
      { source: 'cases', scope: demoAccounts.northwind.id },
    ] as const;
    const find = (typed: string, limit: number, knobs: Parameters<typeof findSuggestions>[4]) =>
      findSuggestions(t.db, sources, typed, limit, knobs);
    const indexed = await find('walla outb', 5, { rareTitles: 12 });
    expect(indexed.rare).toBe(true);
    const walked = await find('walla outb', 5, { rareTitles: 11 });
    expect(walked.rare).toBe(false);
    expect(indexed.rows).toEqual(walked.rows);
    // A frequent prefix whose matches the newest rows do not hold: the index answers.
    const beyond = await find('walla outb', 5, { rareTitles: 11, walkRows: 0 });
    expect(beyond.rows).toEqual(indexed.rows);
    expect(indexed.rows.filter((r) => r.source === 'news')).toHaveLength(5);
    // A product's news from the items' own products; an account's cases, newest first.
    const refsOf = (source: string) =>
      indexed.rows.filter((r) => r.source === source).map((r) => r.ref);
    expect(refsOf('productNews')).toHaveLength(5);
    expect(refsOf('productNews').every((ref) => Number(ref) % 2 === 0)).toBe(true);
    expect(refsOf('cases')).toEqual(['QW17', 'QW16', 'QW15', 'QW14', 'QW13']);
    // A short last word and a whole word (stemmed as the titles are), each path alike.
    for (const typed of ['wallabies o', 'outback walla', 'w ou']) {
      const byIndex = await find(typed, 5, { rareTitles: 1_000_000 });
      expect(byIndex.rows.length, typed).toBeGreaterThan(0);
      expect(await find(typed, 5, { rareTitles: 0 }), typed).toEqual({ ...byIndex, rare: false });
      expect(await find(typed, 5, { rareTitles: 0, walkRows: 0 }), typed).toEqual({
        ...byIndex,
        rare: false,
      });
    }
    // A word in no title is rare (nothing to walk for).
    expect((await find('zyzzy', 5, {})).rows).toEqual([]);
    const news = await findSuggestions(t.db, [{ source: 'news' }], 'walla outb', 3, {
      rareTitles: 12,
    });
    expect(
      news.rows.map((r) =>
        toSegments(r.title)
          .map((p) => p.text)
          .join(''),
      ),
    ).toEqual([
      'Wallabies in the outback 11',
      'Wallabies in the outback 10',
      'Wallabies in the outback 9',
    ]);
  });

  it('asks the index at once for several typed words its first matches show are seldom together', async () => {
    // Statistics as ANALYZE keeps them (the prefix indexes' too); no prefix is rare here.
    await t.db.query('analyze news, support_cases');
    const sources = [
      { source: 'news' },
      { source: 'cases', scope: demoAccounts.northwind.id },
    ] as const;
    const typed = 'walla outb';
    const knobs = { rareTitles: 0 };
    const statement = (more: Parameters<typeof findSuggestions>[4]) =>
      suggestionsStatement(sources, typed, 5, { ...knobs, ...more })!;
    // The index's first matches are few: neither source walks its newest rows.
    const probed = await ctesRun(t.db, statement({}));
    for (const i of [0, 1]) {
      expect(probed.get(`few${i}`), `source ${i} probed`).toBe(1);
      expect(probed.get(`w${i}`), `source ${i} not walked`).toBe(0);
    }
    // Without the probe they do; the titles are the same every way.
    expect((await ctesRun(t.db, statement({ probeRows: 0 }))).get('w0')).toBe(1);
    const chosen = await findSuggestions(t.db, sources, typed, 5, knobs);
    expect(chosen.rows.map((r) => r.source)).toEqual([
      ...Array<string>(5).fill('news'),
      ...Array<string>(5).fill('cases'),
    ]);
    for (const more of [{ probeRows: 0 }, { walkRows: 0 }]) {
      expect(await findSuggestions(t.db, sources, typed, 5, { ...knobs, ...more })).toEqual(chosen);
    }
  });

  it.skipIf(kind !== 'postgres')(
    'keeps the suggestions statement prepared, planned once for everything typed (a generic plan)',
    async () => {
      const sources = [
        { source: 'news' },
        { source: 'cases', scope: demoAccounts.northwind.id },
      ] as const;
      const typed = ['walla', 'outb', 'kang', 'wallab'];
      await t.db.transaction(async (tx) => {
        // One connection: after five custom plans PostgreSQL compares them with a generic one.
        for (let r = 0; r < 8; r++) await findSuggestions(tx, sources, typed[r % typed.length]!, 5);
        const { rows } = await tx.query<{ generic: string }>(
          'select generic_plans::text as generic from pg_prepared_statements where statement = $1',
          [suggestionsStatement(sources, 'walla', 5)?.text],
        );
        expect(Number(rows[0]?.generic ?? 0)).toBeGreaterThan(0);
      });
    },
  );

  it('keeps the gates: paul has no support sources, and nothing before 3 characters', async () => {
    const paul = await suggest({ query: 'wallaby import' }, 'paul');
    expect(paul.suggestions).toEqual([]);
    const short = await suggest({ query: 'wa' });
    expect(short.suggestions).toEqual([]);
    const stopWords = await suggest({ query: 'the' });
    expect(stopWords.suggestions).toEqual([]);
    const unknown = await get('/api/search/suggestions?query=walla&productId=nope');
    expect(unknown.statusCode).toBe(404);
  });

  it('remembers the results page’s searches, newest first, at most 8, per user', async () => {
    for (let i = 0; i < RECENT_SEARCHES_KEPT + 2; i += 1) {
      expect((await get(`/api/search/hits?query=word${i}`)).statusCode).toBe(200);
    }
    // Searched again: back on top, once.
    await get(`/api/search/hits?query=word3&productId=${erp.contentId}`);
    await get('/api/search/hits?query=word5');
    const res = await get('/api/search/recent');
    expect(res.statusCode).toBe(200);
    const { searches } = recentSearchesSchema.parse(res.json());
    expect(searches).toHaveLength(RECENT_SEARCHES_KEPT);
    expect(searches.slice(0, 3)).toEqual([
      { query: 'word5', productId: null },
      { query: 'word3', productId: erp.contentId },
      { query: 'word9', productId: null },
    ]);
    expect(searches.map((s) => s.query)).not.toContain('word0');
    // Paul's are his own.
    const paul = recentSearchesSchema.parse((await get('/api/search/recent', 'paul')).json());
    expect(paul.searches).toEqual([]);
  });
});
