import {
  problemSchema,
  newsItemSchema,
  newsListItemSchema,
  newsListSchema,
  type NewsListItem,
} from '@portico/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { appPerSuite } from '../../../test/suite-app.js';
import { routeDatabaseKinds } from '../../../test/test-db.js';
import { bearerFor } from '../../../test/tokens.js';
import { insertNews, SEARCH_WINDOW } from './news.repository.js';
import { expectProblems } from '../../../test/expect-problems.js';

const anna = 'anna.customer@portico.test';

// Rows of our own, in 2001 so that no seeded item (all recent) falls in their days.
const day = (iso: string) => Date.parse(iso);
const ownRows = {
  titleMatch: {
    title: 'Quokka sightings double in the finance department',
    subtitle: 'A field report',
    publicationDate: day('2001-03-10T00:00:00.000Z'),
    introduction: 'Nothing else to say.',
    content: '<p>An old story.</p>',
  },
  bodyMatch: {
    title: 'Quarterly update',
    publicationDate: day('2001-03-10T23:59:59.999Z'),
    content: '<p>Somewhere in the appendix a quokka is mentioned once.</p>',
  },
  dayAfter: {
    title: 'The day after',
    publicationDate: day('2001-03-11T00:00:00.000Z'),
    content: '<p>Outside the range by one millisecond.</p>',
  },
  dayBefore: {
    title: 'The day before',
    publicationDate: day('2001-03-09T23:59:59.999Z'),
    content: '<p>Outside the range by one millisecond, too.</p>',
  },
  unsafe: {
    title: 'Unsafe body',
    publicationDate: day('2001-01-01T12:00:00.000Z'),
    content:
      '<p onclick="steal()">Hello<script>alert(1)</script><img src="x" onerror="steal()"></p>',
  },
} as const;

describe.each(routeDatabaseKinds())('GET /api/news over %s', (kind) => {
  const t = appPerSuite(kind);
  let authorization: string;
  let ids: Record<keyof typeof ownRows, number>;
  let totalInDb: number;

  beforeAll(async () => {
    authorization = `Bearer ${await bearerFor(t.app, anna)}`;
    const keys = Object.keys(ownRows) as (keyof typeof ownRows)[];
    const inserted = await insertNews(
      t.db,
      keys.map((k) => ownRows[k]),
    );
    ids = Object.fromEntries(keys.map((k, i) => [k, inserted[i]!])) as Record<
      keyof typeof ownRows,
      number
    >;
    // More matches than a search ranks: one a day through 2002-2004, the oldest first.
    await insertNews(
      t.db,
      Array.from({ length: SEARCH_WINDOW + 5 }, (_, i) => ({
        title: `Bulletin ${i}`,
        publicationDate: day('2002-01-01T08:00:00.000Z') + i * 86_400_000,
        content: '<p>The wombat census continues.</p>',
      })),
    );
    const { rows } = await t.db.query<{ n: number }>('select count(*)::int as n from news');
    totalInDb = rows[0]!.n;
  });

  const get = (url: string, headers: Record<string, string> = { authorization }) =>
    t.app.inject({ method: 'GET', url, headers });

  async function list(url: string): Promise<{ items: NewsListItem[]; total: number }> {
    const response = await get(url);
    expect(response.statusCode, response.body).toBe(200);
    return {
      items: newsListSchema.parse(response.json()),
      total: Number(response.headers['x-total-count']),
    };
  }

  async function expectBadRequest(url: string, messagePart: RegExp) {
    const response = await get(url);
    expect(response.statusCode, `${url}: ${response.body}`).toBe(400);
    expect(response.headers['content-type']).toMatch(/^application\/problem\+json/);
    const body = problemSchema.parse(response.json());
    expect(body).toMatchObject({ status: 400, title: 'Invalid request' });
    expect(body.detail).toMatch(messagePart);
  }

  function expectNewestFirst(items: NewsListItem[]) {
    for (let i = 1; i < items.length; i++) {
      expect(items[i - 1]!.publicationDate).toBeGreaterThanOrEqual(items[i]!.publicationDate);
    }
  }

  describe('list shape (ADR 0022)', () => {
    it('answers list fields only: no item carries its body, and the detail still does', async () => {
      const response = await get('/api/news?page=1&size=30');
      expect(response.statusCode).toBe(200);
      const items = z.array(newsListItemSchema.strict()).parse(response.json());
      expect(items).toHaveLength(30);
      expect(response.body).not.toMatch(/"content"/);
      const detail = newsItemSchema.strict().parse((await get(`/api/news/${items[0]!.id}`)).json());
      expect(detail.content.length).toBeGreaterThan(0);
      expect(detail).toMatchObject(items[0]!);
    });

    it('keeps a page of 30 (the demo items and ours) under 12 KB', async () => {
      const response = await get('/api/news?page=1&size=30');
      expect(Buffer.byteLength(response.body)).toBeLessThanOrEqual(12 * 1024);
      const search = await get('/api/news?query=quokka&page=1&size=30');
      expect(search.body).not.toMatch(/"content"/);
    });
  });

  describe('paging', () => {
    it('answers the first 30 items, newest first, with the total in X-Total-Count', async () => {
      const response = await get('/api/news');
      expect(response.statusCode).toBe(200);
      expect(response.headers['x-total-count']).toBe(String(totalInDb));
      expect(response.headers['access-control-expose-headers']).toMatch(/x-total-count/i);
      const items = newsListSchema.parse(response.json());
      expect(items).toHaveLength(30);
      expectNewestFirst(items);
      expect(totalInDb).toBeGreaterThan(60);
    });

    it('continues newest first on page 2, with other items than page 1', async () => {
      const first = await list('/api/news?page=1&size=30');
      const second = await list('/api/news?page=2&size=30');
      expect(second.total).toBe(totalInDb);
      expect(second.items).toHaveLength(30);
      const firstIds = new Set(first.items.map((i) => i.id));
      expect(second.items.some((i) => firstIds.has(i.id))).toBe(false);
      expectNewestFirst([...first.items, ...second.items]);

      const { rows } = await t.db.query<{ id: number | string }>(
        'select id from news order by publication_date desc, id desc limit 60',
      );
      expect([...first.items, ...second.items].map((i) => i.id)).toEqual(
        rows.map((r) => Number(r.id)),
      );
    });

    it('honours size and answers an empty page past the end with the total still set', async () => {
      expect((await list('/api/news?size=7')).items).toHaveLength(7);
      const past = await list('/api/news?page=999&size=100');
      expect(past).toEqual({ items: [], total: totalInDb });
    });

    it('keeps the total exact as items come and go', async () => {
      const [id] = await insertNews(t.db, [
        { title: 'Short-lived', publicationDate: Date.now(), content: '<p>Gone soon.</p>' },
      ]);
      expect((await list('/api/news?size=1')).total).toBe(totalInDb + 1);
      await t.db.query('delete from news where id = $1', [id]);
      expect((await list('/api/news?size=1')).total).toBe(totalInDb);
    });

    it('answers the second form (page, pageSize) the same way', async () => {
      const byPageSize = await list('/api/news?page=3&pageSize=10');
      const bySize = await list('/api/news?page=3&size=10');
      expect(byPageSize).toEqual(bySize);
      expect(byPageSize.items).toHaveLength(10);
    });
  });

  describe('query', () => {
    it('narrows the list to the matches', async () => {
      const { items, total } = await list('/api/news?query=quokka');
      expect(total).toBe(2);
      expect(items.map((i) => i.id).sort()).toEqual([ids.titleMatch, ids.bodyMatch].sort());
    });

    it('ranks a title match above a body-only match, even when the body match is newer', async () => {
      const { items } = await list('/api/news?query=quokka');
      expect(items.map((i) => i.id)).toEqual([ids.titleMatch, ids.bodyMatch]);
      expect(items[1]!.publicationDate).toBeGreaterThan(items[0]!.publicationDate);
    });

    it('narrows by a seeded word and pages through the matches', async () => {
      const all = await list('/api/news?query=cloud&size=100');
      expect(all.total).toBeGreaterThan(0);
      expect(all.total).toBeLessThan(totalInDb);
      const page2 = await list('/api/news?query=cloud&size=2&page=2');
      expect(page2.total).toBe(all.total);
      expect(page2.items.map((i) => i.id)).toEqual(all.items.slice(2, 4).map((i) => i.id));
    });

    it('answers an empty list for a word that matches nothing', async () => {
      expect(await list('/api/news?query=zeppelinnoword')).toEqual({ items: [], total: 0 });
    });

    it('answers an empty list, not an error, for a query of stop words only', async () => {
      expect(await list('/api/news?query=the%20and%20of')).toEqual({ items: [], total: 0 });
    });

    it('accepts web-search syntax and stray operators without failing', async () => {
      for (const query of [
        '"quokka sightings"',
        'quokka -finance',
        'quokka or appendix',
        '"unclosed',
        '&|!:*()',
        "o'brien",
      ]) {
        const response = await get(`/api/news?query=${encodeURIComponent(query)}`);
        expect(response.statusCode, query).toBe(200);
      }
      expect(
        (await list(`/api/news?query=${encodeURIComponent('quokka -finance')}`)).items.map(
          (i) => i.id,
        ),
      ).toEqual([ids.bodyMatch]);
    });

    it('treats an empty or blank query as no query', async () => {
      expect((await list('/api/news?query=')).total).toBe(totalInDb);
      expect((await list('/api/news?query=%20%20')).total).toBe(totalInDb);
    });

    it(`answers and counts the newest ${SEARCH_WINDOW} matches of a very frequent word`, async () => {
      const first = await list('/api/news?query=wombat&size=100');
      expect(first.total).toBe(SEARCH_WINDOW);
      const last = await list(`/api/news?query=wombat&size=100&page=${SEARCH_WINDOW / 100}`);
      expect(last.items).toHaveLength(100);
      expect(await list(`/api/news?query=wombat&size=100&page=${SEARCH_WINDOW / 100 + 1}`)).toEqual(
        {
          items: [],
          total: SEARCH_WINDOW,
        },
      );
      // Equal rank, so newest first; the five oldest bulletins fall outside the window.
      expect(first.items[0]!.title).toBe(`Bulletin ${SEARCH_WINDOW + 4}`);
      expect(last.items.at(-1)!.title).toBe('Bulletin 5');
    });

    it('combines a query with a date range', async () => {
      const from = day('2001-03-10T12:00:00.000Z');
      const { items, total } = await list(`/api/news?query=quokka&fromDateTime=${from}`);
      expect(total).toBe(1);
      expect(items.map((i) => i.id)).toEqual([ids.bodyMatch]);
    });
  });

  describe('date range', () => {
    it('includes both ends of fromDateTime and toDateTime (epoch ms of the start and end of a day)', async () => {
      const from = day('2001-03-10T00:00:00.000Z');
      const to = day('2001-03-10T23:59:59.999Z');
      const { items, total } = await list(`/api/news?fromDateTime=${from}&toDateTime=${to}`);
      expect(total).toBe(2);
      expect(items.map((i) => i.id)).toEqual([ids.bodyMatch, ids.titleMatch]);
    });

    it('takes startDate and endDate as whole UTC days, both inclusive', async () => {
      const { items, total } = await list('/api/news?startDate=2001-03-10&endDate=2001-03-10');
      expect(total).toBe(2);
      expect(items.map((i) => i.id)).toEqual([ids.bodyMatch, ids.titleMatch]);

      const wider = await list('/api/news?startDate=2001-03-09&endDate=2001-03-11&pageSize=10');
      expect(wider.items.map((i) => i.id)).toEqual([
        ids.dayAfter,
        ids.bodyMatch,
        ids.titleMatch,
        ids.dayBefore,
      ]);
    });

    it('accepts an open-ended range', async () => {
      const { items } = await list('/api/news?endDate=2001-03-09&pageSize=100');
      expect(items.map((i) => i.id)).toEqual([ids.dayBefore, ids.unsafe]);
      const since = await list(
        `/api/news?fromDateTime=${day('2001-03-11T00:00:00.000Z')}&size=100`,
      );
      expect(since.total).toBe(totalInDb - 4);
    });
  });

  describe('bad parameters answer 400 JSON with a message', () => {
    it.each([
      ['/api/news?page=0', /page/],
      ['/api/news?page=-1', /page/],
      ['/api/news?page=1.5', /page/],
      ['/api/news?page=abc', /page/],
      ['/api/news?page=1&page=2', /page/],
      ['/api/news?size=1000', /size/],
      ['/api/news?size=0', /size/],
      ['/api/news?size=101', /size/],
      ['/api/news?pageSize=500', /pageSize/],
      ['/api/news?fromDateTime=yesterday', /fromDateTime/],
      ['/api/news?toDateTime=2026-01-01', /toDateTime/],
      ['/api/news?fromDateTime=99999999999999999', /fromDateTime/],
      ['/api/news?startDate=2026-02-30', /startDate/],
      ['/api/news?startDate=1.1.2026', /startDate/],
      ['/api/news?endDate=not-a-date', /endDate/],
      [
        `/api/news?fromDateTime=${day('2026-03-02')}&toDateTime=${day('2026-03-01')}`,
        /fromDateTime.*after/,
      ],
      ['/api/news?startDate=2026-03-02&endDate=2026-03-01', /startDate.*after/],
      ['/api/news?size=10&startDate=2026-03-01', /either/i],
      [`/api/news?pageSize=10&fromDateTime=${day('2026-03-01')}`, /either/i],
      [`/api/news?query=${'a'.repeat(201)}`, /query.*200/],
      ['/api/news?query=a%00b', /query/],
    ])('%s', async (url, message) => {
      await expectBadRequest(url, message);
    });

    it('accepts a query of exactly 200 characters', async () => {
      expect((await get(`/api/news?query=${'a'.repeat(200)}`)).statusCode).toBe(200);
    });
  });

  describe('GET /api/news/:id', () => {
    it('answers one item with every §3 field', async () => {
      const response = await get(`/api/news/${ids.titleMatch}`);
      expect(response.statusCode).toBe(200);
      expect(newsItemSchema.strict().parse(response.json())).toEqual({
        id: ids.titleMatch,
        title: ownRows.titleMatch.title,
        subtitle: 'A field report',
        location: null,
        publicationDate: ownRows.titleMatch.publicationDate,
        introduction: 'Nothing else to say.',
        content: '<p>An old story.</p>',
        headerImage: null,
        sales: false,
      });
    });

    it('answers the same item as the list does, with the fields the list leaves out', async () => {
      const { items } = await list('/api/news?size=1');
      const first = items[0]!;
      const response = await get(`/api/news/${first.id}`);
      expect(response.json()).toMatchObject(first);
    });

    it('answers the body sanitised on the way in', async () => {
      const item = newsItemSchema.parse((await get(`/api/news/${ids.unsafe}`)).json());
      expect(item.content).toContain('Hello');
      expect(item.content).not.toMatch(/script|onclick|onerror|steal/);
    });

    it('answers 404 JSON for an unknown id', async () => {
      for (const id of ['999999999', '123456789012345678901234']) {
        const response = await get(`/api/news/${id}`);
        expect(response.statusCode, id).toBe(404);
        expect(problemSchema.parse(response.json())).toMatchObject({
          status: 404,
          title: 'Not Found',
        });
      }
    });

    it('answers 400 JSON for an id that is not a number', async () => {
      const response = await get('/api/news/abc');
      expect(response.statusCode).toBe(400);
      expect(problemSchema.parse(response.json()).detail).toMatch(/id/);
    });
  });

  describe('header image addresses (issue 11: only http(s) and same-origin paths)', () => {
    const image = (url: string) => ({ large: url, medium: url, small: url });
    const newsWith = (
      title: string,
      headerImage: { large: string; medium: string; small: string },
    ) => ({
      title,
      publicationDate: day('1990-06-01T12:00:00.000Z'),
      content: '<p>x</p>',
      headerImage,
    });

    it('stores and answers http(s) and same-origin images', async () => {
      const [https, path] = await insertNews(t.db, [
        newsWith('https image', image('https://cdn.example/a.png')),
        newsWith('path image', image('/media/a.png')),
      ]);
      expect(newsItemSchema.parse((await get(`/api/news/${https}`)).json()).headerImage).toEqual(
        image('https://cdn.example/a.png'),
      );
      expect(newsItemSchema.parse((await get(`/api/news/${path}`)).json()).headerImage).toEqual(
        image('/media/a.png'),
      );
    });

    it('refuses a javascript:, data: or protocol-relative image on the way in', async () => {
      const inserted = await insertNews(t.db, [
        newsWith('js image', image('javascript:alert(1)')),
        newsWith('data image', {
          ...image('/ok.png'),
          small: 'data:image/svg+xml,<svg onload=alert(1)>',
        }),
        newsWith('foreign image', image('//evil.example/a.png')),
      ]);
      for (const id of inserted) {
        const item = newsItemSchema.parse((await get(`/api/news/${id}`)).json());
        expect(item.headerImage, item.title).toBeNull();
      }
      const { rows } = await t.db.query<{ n: number }>(
        `select count(*)::int as n from news where id = any($1::bigint[]) and header_image_large is not null`,
        [inserted],
      );
      expect(rows[0]!.n).toBe(0);
    });

    it('answers no image for an unsafe address written straight to the database', async () => {
      const [id] = await insertNews(t.db, [newsWith('direct write', image('/media/a.png'))]);
      await t.db.query(
        `update news set header_image_large = 'javascript:alert(document.cookie)' where id = $1`,
        [id],
      );
      const item = newsItemSchema.parse((await get(`/api/news/${id}`)).json());
      expect(item.headerImage).toBeNull();
      const { items } = await list(
        '/api/news?startDate=1990-06-01&endDate=1990-06-01&pageSize=100',
      );
      expect(items.find((i) => i.id === id)?.headerImage).toBeNull();
      expect(JSON.stringify(items)).not.toContain('javascript:');
    });
  });

  it('answers 401 without a bearer token', async () => {
    const urls = ['/api/news', `/api/news/${ids.titleMatch}`, '/api/news?page=0'];
    await expectProblems(urls, 401, (url) => get(url, {}));
  });
});
