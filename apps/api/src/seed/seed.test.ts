import { describe, expect, it } from 'vitest';
import { dbPerSuite } from '../../test/suite-app.js';
import { databaseKinds } from '../../test/test-db.js';
import { verifyPassword } from '../lib/password.js';
import { buildDemoNews, DEMO_NEWS_COUNT } from './news.js';
import { rareDetails } from './news-words.js';
import { seedDemo } from './seed.js';
import { DEMO_PASSWORD, demoUsers } from './users.js';

const DAY_MS = 24 * 60 * 60 * 1000;

describe('buildDemoNews', () => {
  it('builds the same news for the same moment', () => {
    const now = new Date('2026-03-05T12:00:00Z');
    expect(buildDemoNews(now)).toEqual(buildDemoNews(now));
  });

  it('spreads at least 140 items over the two years before now, oldest first', () => {
    const now = new Date('2026-03-05T12:00:00Z');
    const items = buildDemoNews(now);
    expect(items.length).toBeGreaterThanOrEqual(140);
    const times = items.map((n) => n.publicationDate.getTime());
    expect(times).toEqual([...times].sort((a, b) => a - b));
    expect(now.getTime() - times[times.length - 1]!).toBeLessThan(3 * DAY_MS);
    expect(now.getTime() - times[0]!).toBeGreaterThan(700 * DAY_MS);
    expect(now.getTime() - times[0]!).toBeLessThan(730 * DAY_MS);
  });

  it('varies its titles', () => {
    const titles = buildDemoNews(new Date()).map((n) => n.title);
    expect(new Set(titles).size).toBeGreaterThan(titles.length * 0.75);
  });
});

describe.each(databaseKinds())('seedDemo over %s', (kind) => {
  const t = dbPerSuite(kind);

  const count = async (sql: string, params: unknown[] = []): Promise<number> =>
    (await t.db.query<{ n: number }>(`select count(*)::int as n from (${sql}) x`, params)).rows[0]!
      .n;

  it('creates the four demo users, whose password is portico-demo', async () => {
    const { rows } = await t.db.query<{ email: string; password_hash: string; language: string }>(
      'select email, password_hash, language from users where id = any($1::text[]) order by email',
      [Object.values(demoUsers).map((u) => u.id)],
    );
    expect(rows.map((r) => r.email)).toEqual(
      Object.values(demoUsers)
        .map((u) => u.email)
        .sort(),
    );
    expect(rows.every((r) => r.language === 'en')).toBe(true);
    expect(await verifyPassword(DEMO_PASSWORD, rows[0]!.password_hash)).toBe(true);
    expect(await verifyPassword('portico-demo!', rows[0]!.password_hash)).toBe(false);
  });

  it('gives anna both managers and nina neither', async () => {
    const managers = async (userId: string) =>
      (
        await t.db.query<{ am: string | null; sm: string | null }>(
          `select a.account_manager_id as am, a.success_manager_id as sm
             from users u join accounts a on a.id = u.account_id where u.id = $1`,
          [userId],
        )
      ).rows[0];
    const anna = await managers('u-anna');
    expect(anna?.am).toBeTruthy();
    expect(anna?.sm).toBeTruthy();
    expect(await managers('u-nina')).toEqual({ am: null, sm: null });
  });

  it('writes at least 140 news items, some without image, some with the sales flag', async () => {
    const total = await count('select 1 from news');
    expect(total).toBe(DEMO_NEWS_COUNT);
    const withoutImage = await count('select 1 from news where header_image_medium is null');
    const sales = await count('select 1 from news where sales');
    expect(withoutImage / total).toBeGreaterThan(0.1);
    expect(withoutImage / total).toBeLessThan(0.3);
    expect(sales / total).toBeGreaterThan(0.08);
    expect(sales / total).toBeLessThan(0.25);
    const { rows } = await t.db.query<{ large: string; small: string }>(
      'select header_image_large as large, header_image_small as small from news where header_image_large is not null limit 1',
    );
    expect(rows[0]?.large).toMatch(/^\/media\/news\/\d+-large\.svg$/);
    expect(rows[0]?.small).toMatch(/^\/media\/news\/\d+-small\.svg$/);
  });

  it('stores only sanitised bodies', async () => {
    expect(
      await count("select 1 from news where content ~* '<script|onerror|onmouseover|javascript:'"),
    ).toBe(0);
    // The sanitiser did run: new-tab links carry rel.
    expect(
      await count(
        `select 1 from news where content like '%target="_blank" rel="noopener noreferrer"%'`,
      ),
    ).toBe(DEMO_NEWS_COUNT);
  });

  it('makes common words common and rare words rare for full-text search', async () => {
    const matches = (q: string) =>
      count("select 1 from news where search @@ websearch_to_tsquery('english', $1)", [q]);
    for (const word of ['cloud', 'release', 'partner']) {
      expect(await matches(word), word).toBeGreaterThan(DEMO_NEWS_COUNT / 4);
    }
    for (const word of ['XBRL', 'KSeF', 'NemHandel', 'Mercurius']) {
      expect(await matches(word), word).toBe(1);
    }
    expect(rareDetails.length).toBeGreaterThanOrEqual(4);
    expect(await matches('zyzzyva')).toBe(0);
  });

  it('has the products, content documents and labels the web asks for', async () => {
    const slugs = (await t.db.query<{ slug: string }>('select slug from products')).rows
      .map((r) => r.slug)
      .sort();
    expect(slugs).toEqual(['erp', 'erpx', 'financials', 'fpa', 'talent-management', 'te']);
    expect(
      await count("select 1 from content_documents where id = 'download-erpx-description'"),
    ).toBe(1);
    expect(await count("select 1 from labels where language = 'en'")).toBeGreaterThanOrEqual(10);
    // Translations come from the catalogues (ADR 0040); the labels table holds only overrides.
    expect(await count("select 1 from labels where language = 'de'")).toBe(0);
  });

  it('gives every demo account 25–60 users across every status and role (issue 15)', async () => {
    const { rows } = await t.db.query<{
      account_id: string;
      n: number;
      statuses: number;
      roles: number;
    }>(
      `select account_id, count(*)::int as n, count(distinct status)::int as statuses,
              count(distinct role)::int as roles
         from users group by account_id order by account_id`,
    );
    const demo = rows.filter((r) => r.account_id !== 'acc-northwind-group');
    expect(demo).toHaveLength(4);
    for (const r of demo) {
      expect(r.n, r.account_id).toBeGreaterThanOrEqual(25);
      expect(r.n, r.account_id).toBeLessThanOrEqual(60);
      expect(r.statuses, r.account_id).toBe(3);
      expect(r.roles, r.account_id).toBe(4);
    }
  });

  it('does nothing when run again', async () => {
    const before = await count('select 1 from news');
    const users = await count('select 1 from users');
    await seedDemo(t.db);
    expect(await count('select 1 from news')).toBe(before);
    expect(await count('select 1 from users')).toBe(users);
  });
});
