// Issue 16 at the API level (issue 26, ADR 0046): what the server renders itself, in each of
// the eight translated languages, has no English label left over: the sign-in page a signed-out
// browser in that language gets, the shared header and footer the SPA shows around every page,
// and the Support4U incident frame of /services/incident. The browser tests keep German.
import { SUPPORTED_LANGUAGES, type Language } from '@portico/locales';
import { englishLeftoverPatterns, leftovers, ownTexts } from '@portico/locales/leftovers';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authorizeUrl, browser } from '../../../test/oidc-flow.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { openDesk } from '../../../test/support-desk.js';
import { demoUsers } from '../../seed/users.js';

const ANNA = demoUsers.anna.email;

const ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: '\u00a0',
};

const decode = (text: string): string =>
  text.replace(/&(#x[0-9a-f]+|#\d+|\w+);/gi, (whole, name: string) => {
    if (name.startsWith('#x') || name.startsWith('#X'))
      return String.fromCodePoint(parseInt(name.slice(2), 16));
    if (name.startsWith('#')) return String.fromCodePoint(Number(name.slice(1)));
    return ENTITIES[name.toLowerCase()] ?? whole;
  });

/**
 * The texts of an HTML page as a browser's text nodes and spoken attributes give them
 * (hidden parts included: stricter than the browser test's visible texts).
 */
function htmlTexts(html: string): string[] {
  const body = html.replace(/<(script|style|template)\b[\s\S]*?<\/\1>/gi, ' ');
  const texts = body
    .split(/<[^>]*>/)
    .map((part) => decode(part).replace(/\s+/g, ' ').trim())
    .filter((text) => /[A-Za-z]/.test(text));
  for (const [, , value] of body.matchAll(/\s(aria-label|placeholder|title|alt)="([^"]*)"/g)) {
    const text = decode(value ?? '')
      .replace(/\s+/g, ' ')
      .trim();
    if (/[A-Za-z]/.test(text)) texts.push(text);
  }
  return texts;
}

function englishIn(html: string, language: Language): string[] {
  return leftovers(htmlTexts(html), englishLeftoverPatterns(language), ownTexts(language));
}

const translated = SUPPORTED_LANGUAGES.filter((l) => l !== 'en');

describe('what the API renders has no English left over, in every translated language', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.db.query(`update users set language = 'en' where email = $1`, [ANNA]);
    await t.close();
  });

  it('finds the English a page would leave over (the check can fail)', () => {
    expect(englishIn('<button type="submit">Sign in</button>', 'de')).not.toEqual([]);
  });

  it.each(translated)('%s: the sign-in page follows the browser language', async (language) => {
    const client = browser(t.app);
    const headers = { 'accept-language': language };
    const start = new URL(
      authorizeUrl(t.app, { responseType: 'code', codeChallenge: 'x'.repeat(43) }),
      'http://x',
    );
    let page: LightMyRequestResponse = await client.request({
      method: 'GET',
      url: `${start.pathname}${start.search}`,
      headers,
    });
    for (let hops = 0; hops < 10 && page.statusCode >= 300 && page.statusCode < 400; hops += 1) {
      page = await client.request({ method: 'GET', url: String(page.headers.location), headers });
    }
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(`<html lang="${language}">`);
    expect(englishIn(page.body, language)).toEqual([]);
  });

  it.each(translated)('%s: the shared header and footer', async (language) => {
    const profile = { firstName: 'Anna', language, permissions: demoUsers.anna.permissions };
    const header = await t.app.inject({
      method: 'GET',
      url: '/shared/header',
      headers: { cookie: `USER=${encodeURIComponent(JSON.stringify(profile))}` },
    });
    const footer = await t.app.inject({
      method: 'GET',
      url: `/shared/footer?language=${language}`,
    });
    expect(header.statusCode).toBe(200);
    expect(footer.statusCode).toBe(200);
    expect(englishIn(header.body, language)).toEqual([]);
    expect(englishIn(footer.body, language)).toEqual([]);
  });

  it.each(translated)(
    "%s: the Support4U incident frame in the user's language",
    async (language) => {
      await t.db.query(`update users set language = $2 where email = $1`, [ANNA, language]);
      const cookie = await openDesk(t.app, ANNA, 'incident');
      const incident = await t.app.inject({
        method: 'GET',
        url: '/support-desk/incident',
        headers: { cookie },
      });
      expect(incident.statusCode).toBe(200);
      expect(incident.body).toContain(`<html lang="${language}">`);
      expect(englishIn(incident.body, language)).toEqual([]);
    },
  );
});
