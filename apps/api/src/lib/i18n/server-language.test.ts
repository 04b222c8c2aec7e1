import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { authorizeUrl, browser, type Browser } from '../../../test/oidc-flow.js';
import type { TestApp } from '../../../test/test-app.js';
import { appPerSuite } from '../../../test/suite-app.js';
import { openDesk } from '../../../test/support-desk.js';
import { bearerFor } from '../../../test/tokens.js';
import type { Queryable } from '../../db/db.js';
import { NEWS_PUBLISHED_JOB } from '../../modules/news/news-events.js';
import { MAIL_SEND_JOB } from '../mail/mailer.js';
import { ANNA } from '../../../test/demo-emails.js';

/** The sign-in page of a fresh authorisation request, with these request headers throughout. */
async function signInPage(
  t: Pick<TestApp, 'app' | 'db'>,
  extra: Record<string, string> = {},
  headers: Record<string, string> = {},
  client: Browser = browser(t.app),
): Promise<LightMyRequestResponse> {
  const url = new URL(
    authorizeUrl(t.app, { responseType: 'code', codeChallenge: 'x'.repeat(43) }),
    'http://x',
  );
  for (const [name, value] of Object.entries(extra)) url.searchParams.set(name, value);
  let res = await client.request({ method: 'GET', url: `${url.pathname}${url.search}`, headers });
  for (let hops = 0; hops < 10 && res.statusCode >= 300 && res.statusCode < 400; hops += 1) {
    res = await client.request({ method: 'GET', url: String(res.headers.location), headers });
  }
  expect(res.statusCode).toBe(200);
  return res;
}

const userCookie = (profile: unknown): string =>
  `USER=${encodeURIComponent(JSON.stringify(profile))}`;

describe('what the API renders follows the language (issue 16)', () => {
  const t = appPerSuite();
  /** GET `url` from a browser that asks for `language` (Accept-Language). */
  const getIn = (language: string, url: string) =>
    t.app.inject({ method: 'GET', url, headers: { 'accept-language': language } });

  describe('the sign-in page', () => {
    it('is German for ui_locales=de', async () => {
      const page = await signInPage(t, { ui_locales: 'de' });
      expect(page.body).toContain('<html lang="de">');
      expect(page.body).toContain('<h1>Bei Portico anmelden</h1>');
      expect(page.body).toContain('<label for="password">Passwort</label>');
      expect(page.body).toContain('<button type="submit" class="ui-button">Anmelden</button>');
    });

    it('is German for Accept-Language: de-DE,de;q=0.9', async () => {
      const page = await signInPage(t, {}, { 'accept-language': 'de-DE,de;q=0.9' });
      expect(page.body).toContain('<html lang="de">');
      expect(page.body).toContain('<button type="submit" class="ui-button">Anmelden</button>');
    });

    it('is English for Accept-Language: it, a language the portal does not have', async () => {
      const page = await signInPage(t, {}, { 'accept-language': 'it' });
      expect(page.body).toContain('<html lang="en">');
      expect(page.body).toContain('<button type="submit" class="ui-button">Sign in</button>');
    });

    it('prefers ui_locales over Accept-Language, and skips an unsupported ui_locales', async () => {
      const german = await signInPage(t, { ui_locales: 'de' }, { 'accept-language': 'en' });
      expect(german.body).toContain('<button type="submit" class="ui-button">Anmelden</button>');
      const fallback = await signInPage(t, { ui_locales: 'it' }, { 'accept-language': 'de' });
      expect(fallback.body).toContain('<html lang="de">');
    });

    it('keeps the language on an error after the form post', async () => {
      const client = browser(t.app);
      const page = await signInPage(t, { ui_locales: 'de' }, {}, client);
      const action = /<form [^>]*action="([^"]+)"/.exec(page.body)?.[1] ?? '';
      const res = await client.postForm(action, { email: '', password: '' });
      expect(res.statusCode).toBe(400);
      expect(res.body).toContain('Geben Sie Ihre E-Mail-Adresse und Ihr Passwort ein.');
    });
  });

  describe('the shared header', () => {
    const header = (headers: Record<string, string>) =>
      t.app.inject({ method: 'GET', url: '/shared/header', headers });

    it('is German for a USER cookie with language de, whatever the browser says', async () => {
      const res = await header({
        cookie: userCookie({ firstName: 'Anna', language: 'de', permissions: [] }),
        'accept-language': 'en',
      });
      expect(res.body).toContain('>Meine Einstellungen</a>');
      expect(res.body).toContain('Hallo, Anna');
      expect(res.body).toContain('>Portal durchsuchen</label>');
      expect(String(res.headers.vary)).toMatch(/Cookie/);
      expect(String(res.headers.vary)).toMatch(/Accept-Language/);
    });

    it('is German for Accept-Language de when signed out, English otherwise', async () => {
      const german = await header({ 'accept-language': 'de-DE,de;q=0.9,en;q=0.5' });
      expect(german.body).toContain('>Meine Einstellungen</a>');
      expect(german.body).toContain('<span>Menü</span>');
      const english = await header({ 'accept-language': 'it' });
      expect(english.body).toContain('>News</a>');
    });

    it('lets an editorial override in the labels table win over the catalogue', async () => {
      await t.db.query(
        `insert into labels (language, key, value) values ('de', 'header.nav.news', 'Aktuelles')`,
      );
      try {
        const res = await header({ 'accept-language': 'de' });
        expect(res.body).toContain('>Aktuelles</a>');
        expect(res.body).not.toContain('>News</a>');
      } finally {
        await t.db.query(`delete from labels where language = 'de' and key = 'header.nav.news'`);
      }
    });

    it('has a footer in the same language', async () => {
      const res = await getIn('de', '/shared/footer');
      expect(res.body).toContain('Alle Rechte vorbehalten.');
      expect(String(res.headers.vary)).toMatch(/Accept-Language/);
    });

    it('has a footer in the language asked for by name (the SPA caches one per language)', async () => {
      const polish = await getIn('de', '/shared/footer?language=pl');
      expect(polish.body).toContain('Wszelkie prawa zastrzeżone.');
      expect(polish.body).not.toContain('Alle Rechte vorbehalten.');
      const unknown = await t.app.inject({ method: 'GET', url: '/shared/footer?language=xx' });
      expect(unknown.statusCode).toBe(200);
      expect(unknown.body).toContain('All rights reserved.');
    });
  });

  describe('subscription mail and the unsubscribe page', () => {
    it("go out in a German subscriber's language", async () => {
      await t.db.query(`update users set language = 'de' where email = $1`, [ANNA]);
      try {
        const subscribed = await t.app.inject({
          method: 'POST',
          url: '/api/subscriptions',
          headers: { authorization: `Bearer ${await bearerFor(t.app, ANNA)}` },
          payload: {
            subscriptions: [{ topic: 'general-news', productId: null, frequency: 'immediately' }],
          },
        });
        expect(subscribed.statusCode).toBe(200);
        await t.db.transaction(async (tx: Queryable) => {
          const { rows } = await tx.query<{ id: string }>(
            `insert into news (title, subtitle, publication_date, introduction, content)
             values ('Sprachtest', 'Sub', now(), 'Intro', '<p>Body</p>') returning id::text as id`,
          );
          await t.app.jobs.enqueue(NEWS_PUBLISHED_JOB, { newsId: Number(rows[0]?.id) }, { tx });
        });
        await t.app.jobs.runDue(NEWS_PUBLISHED_JOB);
        await t.app.jobs.runDue(MAIL_SEND_JOB);
        const { rows } = await t.db.query<{
          subject: string;
          text_body: string;
          html_body: string;
          headers: Record<string, string>;
        }>(
          `select subject, text_body, html_body, headers from mail_outbox
            where recipient = $1 and subject like '%Sprachtest%'`,
          [ANNA],
        );
        expect(rows).toHaveLength(1);
        const mail = rows[0]!;
        expect(mail.subject).toBe('Neu auf Portico: Sprachtest');
        expect(mail.text_body).toContain('Hallo Anna,');
        expect(mail.text_body).toContain('Artikel lesen: ');
        expect(mail.html_body).toContain('<html lang="de">');

        const unsubscribe = /<([^>]+)>/.exec(mail.headers['List-Unsubscribe'] ?? '')?.[1] ?? '';
        const page = await getIn('en', unsubscribe.replace(t.app.env.PUBLIC_URL, ''));
        expect(page.statusCode).toBe(200);
        expect(page.body).toContain('<html lang="de">');
        expect(page.body).toContain('<h1>Portico-E-Mails abbestellen</h1>');
        expect(page.body).toContain('Allgemeine News');
        expect(page.body).toContain('>Abbestellen</button>');
      } finally {
        await t.db.query(`update users set language = 'en' where email = $1`, [ANNA]);
      }
    });

    it('shows an invalid link in the browser language', async () => {
      const page = await getIn('de', '/unsubscribe?token=nonsense');
      expect(page.statusCode).toBe(400);
      expect(page.body).toContain('<h1>Dieser Abmeldelink ist ungültig</h1>');
    });
  });

  describe('the support desk', () => {
    it("is in the desk user's profile language, with dates in their time zone", async () => {
      await t.db.query(
        `update users set language = 'de', time_zone = 'Europe/Berlin' where email = $1`,
        [ANNA],
      );
      try {
        const cookie = await openDesk(t.app, ANNA, 'incident', { 'accept-language': 'en' });

        const incident = await t.app.inject({
          method: 'GET',
          url: '/support-desk/incident',
          headers: { cookie, 'accept-language': 'en' },
        });
        expect(incident.statusCode).toBe(200);
        expect(incident.body).toContain('<html lang="de">');
        // The portal shows the title above the frame; the frame's h1 is for screen readers.
        expect(incident.body).toContain('<h1 class="ui-visually-hidden">Störung melden</h1>');
        expect(incident.body).toContain('>Kategorie auswählen</option>');

        const cases = await t.app.inject({
          method: 'GET',
          url: '/support-desk/track-cases',
          headers: { cookie },
        });
        expect(cases.body).toContain('<h1 class="ui-visually-hidden">Fälle verfolgen</h1>');
        // German dates (23.11.2026, 14:05) in the profile's zone, not ISO in UTC; as the app
        // shows them: no seconds, no zone name (issue 37).
        const time = /<time dateTime="[^"]+">([^<]+)<\/time>/.exec(cases.body)?.[1] ?? '';
        expect(time).toMatch(/^\d{2}\.\d{2}\.\d{4}, \d{2}:\d{2}$/);
      } finally {
        await t.db.query(
          `update users set language = 'en', time_zone = 'Europe/Oslo' where email = $1`,
          [ANNA],
        );
      }
    });

    it('answers without a session in the browser language', async () => {
      const res = await getIn('de', '/support-desk/incident');
      expect(res.statusCode).toBe(401);
      expect(res.body).toContain(
        '<h1 class="desk-heading">Ihre Support-Sitzung ist abgelaufen</h1>',
      );
    });
  });
});
