// Browser tests of search that finds (issue 38 "Done when"), in English and German: hits under
// the cards with the typed words marked, a misspelt query, the header's suggestions by
// keyboard, a saved search that tells of new results in the bell, and the §2/§6 gates per
// demo user. In Chromium, against the production build and its demo seed; axe on each page.
import { searchHitsSchema, type SavedSearch, type SearchHits } from '@portico/contracts';
import type { Language } from '@portico/locales';
import { CATALOGS } from '@portico/locales/catalogs';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, inject, test } from 'vitest';
import { apiJson, apiSend, publishNews } from '../support/api.js';
import { expectNoAxeViolations } from '../support/axe.js';
import { useBrowser } from '../support/browser.js';
import { anna, demoUsers, erik } from '../support/demo-users.js';
import { setOwnSettings, speakEnglishAgain } from '../support/own-settings.js';
import { signIn } from '../support/sign-in.js';

const baseUrl = inject('codeBaseUrl');
const session = useBrowser();

type Values = Record<string, string | number>;
const fill = (template: string, values: Values, pattern: RegExp) =>
  template.replace(pattern, (_, name: string) => String(values[name] ?? ''));
/** A web label as the page shows it in `language`. */
const web = (language: Language, key: string, values: Values = {}) =>
  fill(CATALOGS.web[language][key] ?? CATALOGS.web.en[key] ?? key, values, /\{\{(\w+)\}\}/g);
/** A server text (the bell's notifications) in `language`. */
const server = (language: Language, key: string, values: Values = {}) =>
  fill(CATALOGS.server[language][key] ?? CATALOGS.server.en[key] ?? key, values, /\{(\w+)\}/g);
const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The list of hits under a source's card. */
const hitsOf = (page: Page, language: Language, source: string) =>
  page.getByRole('list', {
    name: web(language, 'search.hits.label', { source: web(language, `search.card.${source}`) }),
  });

async function openSearch(page: Page, language: Language, query: string): Promise<void> {
  await page.goto(`${baseUrl}/search?${new URLSearchParams({ query }).toString()}`);
  await page.getByRole('heading', { level: 1, name: web(language, 'search.title') }).waitFor();
}

/** A word no seeded item holds, made of letters so every dictionary keeps it whole. */
const freshWord = (prefix: string) =>
  prefix +
  Date.now()
    .toString()
    .split('')
    .map((d) => String.fromCharCode(97 + Number(d)))
    .join('');

const LANGUAGES = ['en', 'de'] as const satisfies readonly Language[];

describe.each(LANGUAGES)('search that finds, in %s', (language) => {
  afterAll(async () => {
    if (language !== 'en') await speakEnglishAgain(session.browser, baseUrl, anna);
  });

  async function signInAnna(): Promise<Page> {
    const { page } = session;
    await signIn(page, baseUrl, anna);
    await setOwnSettings(page, baseUrl, { language });
    return page;
  }

  test('hits under the cards, the typed word marked; a case shows its status in the language', async () => {
    const page = await signInAnna();
    await openSearch(page, language, 'invoice');
    const cases = hitsOf(page, language, 'cases');
    await cases.waitFor();
    const run = cases.getByRole('link', { name: /Invoice run fails/ });
    expect(await run.getAttribute('href')).toBe('/services/track-case/CS0001001');
    expect((await run.locator('mark').first().textContent())?.toLowerCase()).toBe('invoice');
    expect(await cases.textContent()).toContain(web(language, 'search.hit.status.in-progress'));

    const news = hitsOf(page, language, 'news');
    expect(await news.locator('mark').count()).toBeGreaterThan(0);
    const showAll = page.getByRole('link', {
      name: new RegExp(
        `^${escaped(web(language, 'search.hits.show-all', { source: web(language, 'search.card.news') }))}`,
      ),
    });
    // The news page's own filter, as /news reads it from its address.
    expect(await showAll.getAttribute('href')).toBe('/news?query=invoice');
    await expectNoAxeViolations(page);

    // Following a hit opens the item in the app.
    await run.click();
    await page.waitForURL(/\/services\/track-case\/CS0001001$/);
  });

  test('a misspelt query still finds what was meant, and says what it searched for', async () => {
    const page = await signInAnna();
    const query = 'Fjordlin Feries';
    const answer = await apiJson<SearchHits>(
      page,
      `/api/search/hits?${new URLSearchParams({ query }).toString()}`,
    );
    expect(answer.correction).not.toBeNull();
    await openSearch(page, language, query);
    await hitsOf(page, language, 'news')
      .getByRole('link', { name: /Fjordline Ferries automated/ })
      .waitFor();
    const corrected = answer.correction?.query ?? '';
    if (answer.correction?.applied) {
      await page
        .getByText(web(language, 'search.correction.applied', { query, corrected }))
        .waitFor();
    } else {
      await page.getByText(web(language, 'search.correction.offered')).waitFor();
    }
    await expectNoAxeViolations(page);
  });

  test('the header suggests titles as you type, by keyboard; empty, it offers recent searches', async () => {
    const page = await signInAnna();
    // A search first, so there is a recent one.
    await openSearch(page, language, 'invoice');
    await page.goto(`${baseUrl}/news`);
    const box = page
      .getByRole('banner')
      .getByRole('combobox', { name: server(language, 'header.search.label') });
    await box.waitFor();
    // "/" from anywhere that is not a text field puts the focus in the box.
    await page.evaluate(() => {
      if (document.activeElement instanceof HTMLElement) document.activeElement.blur();
    });
    await page.keyboard.press('/');
    await expect.poll(() => box.evaluate((e) => e === document.activeElement)).toBe(true);

    const recent = page.getByRole('listbox', { name: web(language, 'shell.search.recent') });
    await page.keyboard.press('ArrowDown');
    await recent
      .getByRole('option', { name: /invoice/ })
      .first()
      .waitFor();

    await page.keyboard.type('Fjordl');
    const suggestions = page.getByRole('listbox', {
      name: web(language, 'shell.search.suggestions'),
    });
    const option = suggestions.getByRole('option').first();
    // The item is news and product news too: several options may name it.
    await suggestions
      .getByRole('option', { name: /Fjordline Ferries/ })
      .first()
      .waitFor();
    expect(await option.textContent()).toContain('Fjordline Ferries');
    expect(await suggestions.getByRole('option').count()).toBeLessThanOrEqual(8);
    await page.keyboard.press('ArrowDown');
    expect(await box.getAttribute('aria-activedescendant')).toBe(await option.getAttribute('id'));
    await page.keyboard.press('Escape');
    await suggestions.waitFor({ state: 'hidden' });
    expect(await box.inputValue()).toBe('Fjordl');
    await page.keyboard.press('ArrowDown');
    await option.waitFor();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/news\/.+/);
    await page.getByRole('heading', { level: 1, name: /Fjordline Ferries/ }).waitFor();
    await expectNoAxeViolations(page);
  });

  test('a saved search tells of a newly published item in the bell', async () => {
    const { browser } = session;
    const page = await signInAnna();
    const word = freshWord('numbat');
    await openSearch(page, language, word);
    await page.getByRole('checkbox', { name: web(language, 'search.save.bell') }).check();
    await page.getByRole('button', { name: web(language, 'search.save.button') }).click();
    await page.getByText(web(language, 'search.save.saved')).waitFor();
    await expectNoAxeViolations(page);
    const saved = await apiJson<{ items: SavedSearch[] }>(page, '/api/search/saved');
    const search = saved.items.find((s) => s.query === word);
    expect(search?.notifyBell).toBe(true);

    // erik publishes an item with the word, in a browser of his own.
    const context = await browser.newContext();
    const editor = await context.newPage();
    let newsId = 0;
    try {
      await signIn(editor, baseUrl, erik);
      newsId = await publishNews(editor, {
        title: `The ${word} sighting`,
        introduction: 'Seen at last.',
        content: '<p>A sighting.</p>',
        ageMs: 1_000,
      });

      // The bell tells anna within seconds (the check follows the publication).
      const told = server(language, 'notification.saved-search.title', { query: word });
      const bell = page.getByRole('banner').getByRole('button', {
        name: new RegExp(`^${escaped(web(language, 'notifications.button'))}`),
      });
      const panel = page.getByRole('region', { name: web(language, 'notifications.title') });
      await expect
        .poll(
          async () => {
            if ((await bell.getAttribute('aria-expanded')) === 'true') await bell.click();
            await bell.click();
            await panel.waitFor();
            return panel.getByText(told).count();
          },
          { timeout: 30_000, interval: 1_000 },
        )
        .toBe(1);
      await expectNoAxeViolations(page);
    } finally {
      // The seed stays as it was for the other files.
      if (newsId > 0) await apiSend(editor, 'DELETE', `/api/news/${newsId}`);
      await context.close();
      if (search) {
        await apiSend(page, 'DELETE', `/api/search/saved/${search.id}`);
      }
    }
  });
});

describe('search hits: the gates of §2 and §6 per demo user', () => {
  // The service catalogue holds "Training session" for everyone, but only those with
  // SUPPORT_SERVICE_NOW search it; the news hit is there for all.
  test.each(
    demoUsers.map((u) => [u.email, u.permissions.includes('SUPPORT_SERVICE_NOW')] as const),
  )('%s: service catalogue hits only with SUPPORT_SERVICE_NOW (%s)', async (email, supported) => {
    const { page } = session;
    await signIn(page, baseUrl, email);
    const answered = page.waitForResponse((r) => r.url().includes('/api/search/hits?'));
    await openSearch(page, 'en', 'training session');
    const answer = searchHitsSchema.parse(await (await answered).json());
    const support = ['knowledgeArticles', 'cases', 'serviceCatalog'];
    expect(answer.sources.some((s) => support.includes(s.source))).toBe(supported);
    const catalogue = hitsOf(page, 'en', 'serviceCatalog');
    if (supported) {
      await catalogue.getByRole('link', { name: 'Training session' }).waitFor();
    } else {
      // Whatever the page shows once the hits are in, nothing of the support sources.
      await page
        .locator('.ui-toolbar__count')
        .getByText(/results? in total$/)
        .waitFor();
      for (const source of support) expect(await hitsOf(page, 'en', source).count()).toBe(0);
    }
  });
});
