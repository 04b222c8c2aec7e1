import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/db.js';
import { createPrng } from '../../lib/prng.js';
import { databaseKinds, createTestDb, type TestDb } from '../../../test/test-db.js';
import {
  anyWordsOfSearch,
  countNewsMatches,
  postedWordsOfSearch,
} from './news-search-count.repository.js';
import {
  insertNews,
  listNews,
  listNewsQuery,
  SEARCH_WINDOW,
  updateNews,
  type NewNewsItem,
  type NewsListFilter,
  type NewsListRow,
} from './news.repository.js';
import { allWordsSql, searchLexeme, tsqueryLexemesSql } from './news-query-words.repository.js';

// One-word searches are answered from the postings of migration 028 (ADR 0055 addendum);
// every answer must be the one the plan of ADR 0004 gives on the same rows.

const DAY = 86_400_000;
const START = Date.parse('2003-01-01T00:00:00.000Z');

// Words of every frequency; "alpha" fills more than the search window.
const common = ['alpha', 'budget', 'cloud'];
const middle = ['delta', 'ember', 'fjord', 'glacier'];
const rare = ['heron', 'ibis', 'jackal'];

function corpus(count: number): NewNewsItem[] {
  const prng = createPrng(2804);
  const words = (n: number) =>
    Array.from({ length: n }, () => {
      const r = prng.next();
      if (r < 0.5) return prng.pick(common);
      if (r < 0.8) return prng.pick(middle);
      if (r < 0.83) return prng.pick(rare);
      return prng.pick(['report', 'update', 'release', 'the', 'and']);
    }).join(' ');
  return Array.from({ length: count }, (_, i) => ({
    title: `Item ${i} ${words(2)}`,
    subtitle: prng.chance(0.5) ? words(3) : null,
    introduction: prng.chance(0.5) ? words(4) : null,
    content: `<p>${words(prng.int(3, 25))}</p>`,
    // Several items share each date: the order must break ties by id as before.
    publicationDate: START + Math.floor(i / 3) * DAY + (i % 3 === 2 ? 0 : 1000),
  }));
}

const queries = [
  ...common,
  ...middle,
  ...rare,
  'Alpha',
  'the heron',
  'herons',
  'heron heron',
  'zeppelin',
  'the and',
  'alpha budget',
  'heron ember',
  '"alpha budget"',
  'alpha -budget',
  'heron or ibis',
  '',
];

const filters: Omit<NewsListFilter, 'query'>[] = [
  { limit: 30, offset: 0 },
  { limit: 30, offset: 30 },
  { limit: 50, offset: 980 },
  { limit: 30, offset: 0, from: START + 200 * DAY },
  { limit: 30, offset: 0, to: START + 300 * DAY },
  { limit: 20, offset: 10, from: START + 100 * DAY, to: START + 400 * DAY },
];

/** The answer of ADR 0004's plan: the tsquery over news itself, no postings. */
async function viaNewsRows(db: Db, filter: NewsListFilter) {
  const { sql, params } = listNewsQuery(filter, null);
  const { rows } = await db.query<{ id: NewsListRow['id'] | null; total: number | string }>(
    sql,
    params,
  );
  return {
    ids: rows.flatMap((r) => (r.id === null ? [] : [Number(r.id)])),
    total: Number(rows[0]?.total ?? 0),
  };
}

async function compareAll(db: Db): Promise<number> {
  let posted = 0;
  for (const query of queries) {
    if ((await searchLexeme(db, query)) !== null) posted++;
    for (const base of filters) {
      const filter = { ...base, query };
      const expected = await viaNewsRows(db, filter);
      const { items, total } = await listNews(db, filter);
      expect({ query, base, ids: items.map((i) => i.id), total }).toEqual({
        query,
        base,
        ...expected,
      });
    }
  }
  return posted;
}

/** The postings are exactly what news.search holds now (and no more). */
async function postingsDrift(db: Db): Promise<number> {
  const { rows } = await db.query<{ n: number }>(`
    with derived as (
      select t.lexeme, n.publication_date, n.id as news_id,
             news_term_entry(t.lexeme, t.positions, t.weights)::text as entry
        from news n, unnest(n.search) t),
    stored as (select lexeme, publication_date, news_id, entry::text as entry from news_terms)
    select (select count(*) from (select * from derived except all select * from stored) a)::int
         + (select count(*) from (select * from stored except all select * from derived) b)::int as n`);
  return rows[0]!.n;
}

describe.each(databaseKinds())('news search from the postings over %s', (kind) => {
  let t: TestDb;

  beforeAll(async () => {
    t = await createTestDb(kind);
    await insertNews(t.db, corpus(2400));
  }, 120_000);
  afterAll(async () => {
    await t.close();
  });

  it('answers one-word searches as the tsquery over the rows does (items, order, total)', async () => {
    expect(await postingsDrift(t.db)).toBe(0);
    // Every one-word query (a word found nowhere too) took the postings; the others did not
    // ('heron heron' is two operands: the rows answer it).
    expect(await compareAll(t.db)).toBe(common.length + middle.length + rare.length + 4);
  }, 120_000);

  it('takes the postings for one word around stop words, and for nothing else', async () => {
    const cases: [string, string | null][] = [
      ['heron', 'heron'],
      ['The Herons', 'heron'],
      ["O'Brien's", null], // two lexemes: o & brien
      ['heron heron', null],
      ['heron ibis', null],
      ['"heron ibis"', null],
      ['-heron', null],
      ['heron or ibis', null],
      ['the and', null],
      ['', null],
      [`h${'e'.repeat(255)}`, `h${'e'.repeat(255)}`],
      [`h${'e'.repeat(256)}`, null], // longer than a posting's lexeme may be
    ];
    const found = [];
    for (const [query] of cases) found.push([query, await searchLexeme(t.db, query)]);
    expect(found).toEqual(cases);
  });

  it('counts words and phrases, some words negated or joined by OR, from the postings as the rows count them', async () => {
    await t.db.exec('analyze news');
    // How each search is counted: all its words (some negated), any of them, or the rows.
    const cases: [string, 'all' | 'any' | 'rows'][] = [
      ['alpha budget', 'all'], // more than the window
      ['alpha -budget', 'all'],
      ['alpha budget -cloud', 'all'],
      ['heron ember', 'all'], // fewer
      ['heron -alpha', 'all'],
      ['ember heron -alpha -budget', 'all'],
      ['alpha -alpha', 'all'],
      ['heron heron', 'all'],
      ['The heron', 'all'], // one word: its postings' range
      ['alpha', 'all'],
      ['The heron -ibis', 'all'],
      ['zeppelin ember', 'all'],
      ['heron or ibis', 'any'], // fewer than the window, items holding both counted once
      ['heron or ibis or jackal', 'any'], // none fills the window alone, their union does
      ['heron or heron', 'any'],
      ['zeppelin or heron', 'any'],
      ['heron or alpha', 'any'], // one word fills the window
      ['glacier or fjord', 'any'],
      // Phrases: the words' postings, each candidate tested on the words' own positions.
      ['"alpha budget"', 'all'],
      ['"budget alpha"', 'all'],
      ['"alpha budget cloud"', 'all'],
      ['"heron ember"', 'all'],
      ['"ember heron"', 'all'],
      ['"heron the ember"', 'all'], // a stop word between: <2>
      ['"alpha alpha"', 'all'], // one word twice: its own positions
      ['"alpha budget" -cloud', 'all'],
      ['"alpha budget" "budget cloud"', 'all'],
      ['"heron zeppelin"', 'all'],
      ['"the heron"', 'all'], // a stop word and a word: one word
      ['-"alpha budget" heron', 'rows'], // a negated phrase
      ['"alpha budget" or heron', 'rows'],
      ['heron or -ibis', 'rows'],
      ['heron or ibis ember', 'rows'],
      ['"heron ibis" or jackal', 'rows'],
      ['-heron', 'rows'],
      ['the and', 'rows'],
    ];
    const answers: { query: string; count: number; way: string }[] = [];
    for (const [query] of cases) {
      const { rows } = await t.db.query<{ n: number | string }>(
        `select count(*) as n from (select 1 from news
          where search @@ websearch_to_tsquery('english', $1) limit $2) m`,
        [query, SEARCH_WINDOW],
      );
      const way =
        (await postedWordsOfSearch(t.db, query)) !== null
          ? 'all'
          : (await anyWordsOfSearch(t.db, query)) !== null
            ? 'any'
            : 'rows';
      answers.push({ query, count: await countNewsMatches(t.db, query), way });
      expect(answers.at(-1)?.count, query).toBe(Number(rows[0]?.n));
    }
    expect(answers.map((a) => [a.query, a.way])).toEqual(cases);
    const count = (query: string) => answers.find((a) => a.query === query)?.count;
    expect(count('alpha budget')).toBe(SEARCH_WINDOW);
    expect(count('alpha -alpha')).toBe(0);
    // OR: a union below the window, larger than either word; the window reached by a word
    // alone and by a union of words that are each below it.
    expect(count('heron or ibis')).toBeLessThan(SEARCH_WINDOW);
    expect(count('heron or ibis')).toBeGreaterThan(count('The heron') ?? Infinity);
    expect(count('heron or alpha')).toBe(SEARCH_WINDOW);
    expect(count('heron or ibis or jackal')).toBe(SEARCH_WINDOW);
    // A phrase finds fewer than its words in any order, and its order matters.
    expect(count('"heron ember"')).toBeGreaterThan(0);
    expect(count('"heron ember"')).toBeLessThan(count('heron ember') ?? 0);
    expect(count('"alpha budget" -cloud')).toBeLessThan(count('"alpha budget"') ?? 0);
    // The rarest required word is walked; a word ANALYZE has not listed counts as rarest.
    expect((await postedWordsOfSearch(t.db, 'alpha heron'))?.required).toEqual(['heron', 'alpha']);
  });

  it("reads a tsquery's words in SQL: which join only words and phrases, and which are negated", async () => {
    // Shapes websearch_to_tsquery does not write too: the reading stands on its own.
    const cases: [string, boolean][] = [
      ["'alpha'", true],
      ["'payrol' & !'complianc'", true],
      ["'cloud' <-> 'migrat' & !'data'", true],
      ["'a' <2> 'b'", true],
      ["'it''s' & 'ok'", true],
      ["'cloud' <-> !'migrat'", false],
      ["!'cloud' <-> 'migrat'", false],
      ["!( 'cloud' <-> 'migrat' )", false],
      ["'ledger' | 'budget'", false],
      ["'inv':*", false],
      ["'alpha':A", false],
    ];
    for (const [text, expected] of cases) {
      const { rows } = await t.db.query<{ all: boolean }>(`select ${allWordsSql('$1')} as all`, [
        text,
      ]);
      expect(rows[0]?.all, text).toBe(expected);
    }
    const { rows } = await t.db.query<{ lexeme: string; negated: boolean }>(
      `select lexeme, negated from (${tsqueryLexemesSql('$1::text')}) l order by i`,
      ["'payrol' & !'it''s' & 'a!b'"],
    );
    expect(rows).toEqual([
      { lexeme: 'payrol', negated: false },
      { lexeme: "it's", negated: true },
      { lexeme: 'a!b', negated: false },
    ]);
  });

  it('stays exact through edits, date changes, deletes and inserts', async () => {
    const { rows } = await t.db.query<{ id: number }>(
      `select id::int as id from news where search @@ 'heron'::tsquery order by id limit 6`,
    );
    const [a, b, c, d] = rows.map((r) => r.id);
    // Words changed (heron gone, jackal and ibis in), date moved, both, a plain SQL update.
    await updateNews(t.db, a!, {
      title: 'Jackal jackal',
      publicationDate: START + 10 * DAY,
      content: '<p>ibis</p>',
    });
    await updateNews(t.db, b!, {
      title: 'Heron moved',
      publicationDate: START + 5000 * DAY,
      content: '<p>heron heron heron alpha</p>',
    });
    await t.db.query(
      `update news set publication_date = publication_date + interval '900 days'
                      where id = $1`,
      [c],
    );
    await t.db.query(`update news set sales = true where id = $1`, [d]);
    await t.db.query(`delete from news where id = $1`, [rows[4]!.id]);
    await insertNews(t.db, [
      { title: 'Heron again', publicationDate: START + 4000 * DAY, content: '<p>alpha</p>' },
    ]);
    expect(await postingsDrift(t.db)).toBe(0);
    await compareAll(t.db);
  }, 120_000);

  it('ranks by the stored positions exactly as by the whole vector', async () => {
    const { rows } = await t.db.query<{ n: number }>(`
      with q as (
        select s.entry, n.search,
               ('''' || replace(replace(s.lexeme, '\\', '\\\\'), '''', '''''') || '''')::tsquery as q
          from news_terms s join news n on n.id = s.news_id)
      select count(*)::int as n from q
       where ts_rank_cd(entry, q) <> ts_rank_cd(search, q) or not (search @@ q)`);
    expect(rows[0]!.n).toBe(0);
  });

  it('empties the postings with the table', async () => {
    await t.db.exec('truncate news cascade');
    const { rows } = await t.db.query<{ n: number }>('select count(*)::int as n from news_terms');
    expect(rows[0]!.n).toBe(0);
    expect(await listNews(t.db, { limit: 30, offset: 0, query: 'alpha' })).toEqual({
      items: [],
      total: 0,
    });
  });
});
