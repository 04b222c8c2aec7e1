import { problemSchema } from '@portico/contracts';
import type { LightMyRequestResponse } from 'fastify';
import { JSDOM } from 'jsdom';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { appPerSuite } from '../../../test/suite-app.js';
import { routeDatabaseKinds } from '../../../test/test-db.js';
import { bearerFor } from '../../../test/tokens.js';
import { ANNA, PAUL, ERIK, NINA } from '../../../test/demo-emails.js';
import { frameTokenOf, openDesk } from '../../../test/support-desk.js';

/** RFC 4180 reader, written independently of the server's writer so it can disagree. */
function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charAt(i);
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') {
      if (field !== '') throw new Error(`stray quote at ${i}`);
      quoted = true;
    } else if (c === ',') {
      record.push(field);
      field = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      record.push(field);
      records.push(record);
      record = [];
      field = '';
      i++;
    } else if (c === '\n' || c === '\r') {
      throw new Error(`bare line break outside quotes at ${i}`);
    } else field += c;
  }
  if (quoted) throw new Error('unterminated quoted field');
  if (field !== '' || record.length > 0) throw new Error('last record not ended by CRLF');
  return records;
}

/**
 * The cells a spreadsheet sees when it splits on another separator (Excel in a semicolon
 * locale, a tab import): a quote is special only at the start of a cell, and any line break
 * outside quotes ends the row.
 */
function cellsSplitOn(text: string, separator: string): string[] {
  const cells: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charAt(i);
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"' && cell === '') quoted = true;
    else if (c === separator || c === '\r' || c === '\n') {
      cells.push(cell);
      cell = '';
    } else cell += c;
  }
  return [...cells, cell];
}

function document(res: LightMyRequestResponse): Document {
  return new JSDOM(res.body).window.document;
}

function setCookies(res: LightMyRequestResponse): string[] {
  const header = res.headers['set-cookie'];
  return header === undefined ? [] : Array.isArray(header) ? header : [header];
}

function csrfOf(res: LightMyRequestResponse): string {
  const input = document(res).querySelector<HTMLInputElement>('input[name="_csrf"]');
  if (!input?.value) throw new Error('no CSRF field on the page');
  return input.value;
}

const form = (fields: Record<string, string>) => ({
  'content-type': 'application/x-www-form-urlencoded',
  payload: new URLSearchParams(fields).toString(),
});

describe.each(routeDatabaseKinds())('support desk over %s', (kind) => {
  const t = appPerSuite(kind);

  beforeAll(async () => {
    // Paul stands for "another account" in these tests (his account holds the seeded cases
    // CS0001006/7); the desk needs SUPPORT_SERVICE_NOW (§6), which the demo paul lacks.
    await t.db.query(
      "update users set permissions = array_append(permissions, 'SUPPORT_SERVICE_NOW') where id = 'u-paul'",
    );
  });

  const { as: bearer } = t;

  const frameToken = (email: string) => frameTokenOf(t.app, email);
  /** Opens a desk frame as the SPA does and returns the desk cookie ("name=value"). */
  const deskCookie = (email: string) => openDesk(t.app, email, 'incident');

  const desk = async (url: string, cookie: string) =>
    t.app.inject({ method: 'GET', url, headers: { cookie } });

  const post = async (url: string, cookie: string, fields: Record<string, string>) => {
    const { payload, ...headers } = form(fields);
    return t.app.inject({ method: 'POST', url, headers: { ...headers, cookie }, payload });
  };

  const caseNumbersOn = (res: LightMyRequestResponse): string[] =>
    [...document(res).querySelectorAll('table.cases tbody th a')].map((a) => a.textContent);

  const downloadCsv = async (email: string) =>
    t.app.inject({
      method: 'GET',
      url: '/api/support/cases/download',
      headers: await bearer(email),
    });

  describe('frame authentication', () => {
    it('needs the bearer token for a frame token', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/api/support/frame-token' });
      expect(res.statusCode).toBe(401);
    });

    it('gives a signed-in caller a frame token for ten minutes', async () => {
      const res = await t.get(ANNA, '/api/support/frame-token');
      expect(res.statusCode).toBe(200);
      z.object({ token: z.string().min(20), expiresIn: z.literal(600) }).parse(res.json());
    });

    it('swaps the frame token for an HttpOnly SameSite=Strict cookie and drops it from the address', async () => {
      const res = await t.app.inject({
        method: 'GET',
        url: `/support-desk/track-cases?status=new&t=${await frameToken(ANNA)}`,
      });
      expect(res.statusCode).toBe(303);
      expect(res.headers.location).toBe('/support-desk/track-cases?status=new');
      const cookie = setCookies(res)[0] ?? '';
      expect(cookie).toMatch(/^portico_desk=[^;]+;/);
      expect(cookie).toContain('HttpOnly');
      expect(cookie).toContain('SameSite=Strict');
      expect(cookie).toContain('Path=/support-desk');
      expect(cookie).toMatch(/Max-Age=\d+/);
    });

    it('accepts a frame token once: a replay (e.g. copied from a log) is refused', async () => {
      const token = await frameToken(ANNA);
      const first = await t.app.inject({ method: 'GET', url: `/support-desk/incident?t=${token}` });
      expect(first.statusCode).toBe(303);
      expect(setCookies(first)).toHaveLength(1);
      for (const path of ['incident', 'track-cases']) {
        const replay = await t.app.inject({
          method: 'GET',
          url: `/support-desk/${path}?t=${token}`,
        });
        expect(replay.statusCode).toBe(401);
        expect(setCookies(replay)).toEqual([]);
        expect(document(replay).querySelector('h1')?.textContent).toBe(
          'Your support session has expired',
        );
      }
      // A fresh token still works.
      const fresh = await t.app.inject({
        method: 'GET',
        url: `/support-desk/incident?t=${await frameToken(ANNA)}`,
      });
      expect(fresh.statusCode).toBe(303);
    });

    it('refuses a forged or tampered frame token and sets no cookie', async () => {
      const token = await frameToken(ANNA);
      for (const bad of ['nonsense', `${token.slice(0, -2)}xx`, await bearerFor(t.app, ANNA)]) {
        const res = await t.app.inject({ method: 'GET', url: `/support-desk/incident?t=${bad}` });
        expect(res.statusCode).toBe(401);
        expect(setCookies(res)).toEqual([]);
        expect(document(res).querySelector('h1')?.textContent).toBe(
          'Your support session has expired',
        );
      }
    });

    it('shows the expired-session page without a desk cookie', async () => {
      for (const url of ['/support-desk/incident', '/support-desk/track-cases']) {
        const res = await t.app.inject({ method: 'GET', url });
        expect(res.statusCode).toBe(401);
        expect(res.headers['content-type']).toContain('text/html');
        expect(res.body).toContain('Reload this page in the portal');
      }
      const forged = await desk('/support-desk/track-cases', 'portico_desk=abc.def.ghi');
      expect(forged.statusCode).toBe(401);
    });

    it('ends the session of a user deleted since', async () => {
      await t.db.query(
        `insert into users (id, email, password_hash, first_name, last_name, account_id)
         values ('u-temp', 'temp.user@portico.test', 'x', 'Temp', 'User', 'acc-northwind')`,
      );
      const cookie = await deskCookie('temp.user@portico.test');
      expect((await desk('/support-desk/contacts', cookie)).statusCode).toBe(200);
      await t.db.query("delete from users where id = 'u-temp'");
      const res = await desk('/support-desk/contacts', cookie);
      expect(res.statusCode).toBe(401);
      expect(setCookies(res)[0]).toMatch(/^portico_desk=; .*Max-Age=0/);
    });

    describe('checked like the portal token on every request (issue 23)', () => {
      const TEMP = 'temp.desk@portico.test';
      beforeAll(async () => {
        await t.db.query(
          `insert into users (id, email, password_hash, first_name, last_name, account_id, permissions)
           values ('u-desk-temp', $1, 'x', 'Temp', 'Desk', 'acc-northwind', '{SUPPORT,SUPPORT_SERVICE_NOW}')`,
          [TEMP],
        );
      });
      afterAll(async () => {
        await t.db.query("delete from support_cases where created_by = 'u-desk-temp'");
        await t.db.query("delete from users where id = 'u-desk-temp'");
      });
      const reset = () =>
        t.db.query(
          "update users set status = 'Active', tokens_valid_after = null where id = 'u-desk-temp'",
        );
      // As the user management service deactivates (ADR 0027).
      const deactivate = () =>
        t.db.query(
          "update users set status = 'Inactive', tokens_valid_after = now() where id = 'u-desk-temp'",
        );

      it('ends the session of a user deactivated since: no cases, no new incident', async () => {
        await reset();
        const cookie = await deskCookie(TEMP);
        const page = await desk('/support-desk/incident', cookie);
        expect(page.statusCode).toBe(200);
        const csrf = csrfOf(page);
        await deactivate();
        const list = await desk('/support-desk/track-cases', cookie);
        expect(list.statusCode).toBe(401);
        expect(setCookies(list)[0]).toMatch(/^portico_desk=; .*Max-Age=0/);
        const filed = await post('/support-desk/incident', cookie, {
          _csrf: csrf,
          shortDescription: 'Filed after deactivation',
          description: 'Should not be stored',
          category: 'Data issue',
          priority: '2 - High',
        });
        expect(filed.statusCode).toBe(401);
        const { rows } = await t.db.query(
          "select 1 from support_cases where title = 'Filed after deactivation'",
        );
        expect(rows).toHaveLength(0);
      });

      it('opens no session with a frame token minted before deactivation', async () => {
        await reset();
        const token = await frameToken(TEMP);
        await deactivate();
        const res = await t.app.inject({
          method: 'GET',
          url: `/support-desk/incident?t=${token}`,
        });
        expect(res.statusCode).toBe(401);
        expect(setCookies(res)).toEqual([]);
      });

      it('ends the session when the user signs out everywhere', async () => {
        await reset();
        const bearerHeaders = await bearer(TEMP);
        const cookie = await deskCookie(TEMP);
        expect((await desk('/support-desk/track-cases', cookie)).statusCode).toBe(200);
        // A later second than the token that opened the desk (iat has whole seconds).
        await new Promise((resolve) => setTimeout(resolve, 1100));
        const out = await t.app.inject({
          method: 'POST',
          url: '/api/users/me/sign-out-everywhere',
          headers: bearerHeaders,
        });
        expect(out.statusCode).toBe(204);
        expect((await desk('/support-desk/track-cases', cookie)).statusCode).toBe(401);
      });

      it('ends the session of this browser on sign-out, a copy of the cookie included', async () => {
        await reset();
        const cookie = await deskCookie(TEMP);
        const other = await deskCookie(TEMP); // another browser of the same user
        const out = await t.app.inject({
          method: 'POST',
          url: '/support-desk/sign-out',
          headers: { cookie },
        });
        expect(out.statusCode).toBe(204);
        expect(setCookies(out)[0]).toMatch(/^portico_desk=; Path=\/support-desk; Max-Age=0/);
        expect((await desk('/support-desk/track-cases', cookie)).statusCode).toBe(401);
        expect((await desk('/support-desk/track-cases', other)).statusCode).toBe(200);
      });
    });

    it('sends the empty path to the incident form, keeping the frame token', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/support-desk?t=abc' });
      expect(res.statusCode).toBe(303);
      expect(res.headers.location).toBe('/support-desk/incident?t=abc');
    });
  });

  describe('pages and their headers', () => {
    it('carry the site CSP (no inline script, framable by the portal only) and one stylesheet', async () => {
      const cookie = await deskCookie(ANNA);
      for (const path of [
        'incident',
        'service-request',
        'track-cases',
        'track-case/CS0001001',
        'portals',
        'contacts',
      ]) {
        const res = await desk(`/support-desk/${path}`, cookie);
        expect(res.statusCode, path).toBe(200);
        const csp = String(res.headers['content-security-policy']);
        expect(csp).toContain("frame-ancestors 'self'");
        expect(csp).toContain("script-src 'self'");
        expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
        expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
        expect(res.headers['cache-control']).toBe('no-store');
        const doc = document(res);
        expect(doc.querySelectorAll('script, style, [style]')).toHaveLength(0);
        expect(doc.documentElement.lang).toBe('en');
        expect(doc.querySelectorAll('h1')).toHaveLength(1);
        // The shared design tokens (the web app's own file), then the desk's sheet (ADR 0067).
        expect(
          [...doc.querySelectorAll('link[rel="stylesheet"]')].map((l) => l.getAttribute('href')),
        ).toEqual(['/shared/tokens.css', '/shared/controls.css', '/support-desk/assets/desk.css']);
        // Every control has a label.
        for (const control of doc.querySelectorAll(
          'input:not([type="hidden"]), select, textarea',
        )) {
          expect(
            doc.querySelector(`label[for="${control.id}"]`),
            `${path} #${control.id}`,
          ).not.toBeNull();
        }
      }
      const css = await t.app.inject({
        method: 'GET',
        url: '/support-desk/assets/desk.css',
      });
      expect(css.statusCode).toBe(200);
      expect(css.headers['content-type']).toBe('text/css; charset=utf-8');
      // The desk's buttons and fields are the app's: the shared sheet defines their classes.
      const controls = await t.app.inject({ method: 'GET', url: '/shared/controls.css' });
      expect(controls.statusCode).toBe(200);
      expect(controls.headers['content-type']).toBe('text/css; charset=utf-8');
      for (const name of ['ui-button', 'ui-button--secondary', 'ui-control', 'ui-visually-hidden'])
        expect(controls.body).toContain(`.${name} {`);
    });

    it('answers an unknown desk path with an HTML 404', async () => {
      const res = await desk('/support-desk/nothing-here', await deskCookie(ANNA));
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toContain('text/html');
      expect(document(res).querySelector('h1')?.textContent).toBe('Page not found');
    });

    it("lists the portals and only the caller's own account's contacts", async () => {
      const portals = await desk('/support-desk/portals', await deskCookie(ANNA));
      const links = [...document(portals).querySelectorAll('.cards a')];
      expect(links.map((a) => a.getAttribute('href'))).toContain('https://status.portico.test');
      expect(links.every((a) => a.getAttribute('rel') === 'noopener noreferrer')).toBe(true);

      const anna = document(await desk('/support-desk/contacts', await deskCookie(ANNA)));
      const names = [...anna.querySelectorAll('tbody th')].map((th) => th.textContent);
      expect(names).toEqual(['Anna Lindqvist', 'Lars Bakke', 'Ingrid Dahl']);
      const paul = document(await desk('/support-desk/contacts', await deskCookie(PAUL)));
      expect(paul.body.textContent).toContain('Grace Whitfield');
      expect(paul.body.textContent).not.toContain('Lars Bakke');
    });
  });

  describe('SUPPORT_SERVICE_NOW (§6, issue 23 #9)', () => {
    it('refuses nina (NEWS only) with a 403 page on every case and catalogue route', async () => {
      const cookie = await deskCookie(NINA);
      const before = await t.db.query('select count(*)::int as n from support_cases');
      for (const url of [
        '/support-desk/track-cases',
        '/support-desk/track-case/CS0001001',
        '/support-desk/incident',
        '/support-desk/service-request',
      ]) {
        const res = await desk(url, cookie);
        expect(res.statusCode, url).toBe(403);
        expect(res.headers['content-type'], url).toContain('text/html');
        expect(document(res).querySelector('h1')?.textContent, url).toBe(
          'No access to support cases',
        );
      }
      const incident = await post('/support-desk/incident', cookie, {
        shortDescription: 'Should not be saved',
        description: 'nina has no SUPPORT_SERVICE_NOW',
        category: 'Other',
        priority: '4 - Low',
      });
      // The permission page, not the CSRF refusal of the form.
      expect(incident.statusCode).toBe(403);
      expect(document(incident).querySelector('h1')?.textContent).toBe(
        'No access to support cases',
      );
      const request = await post('/support-desk/service-request', cookie, {
        item: 'any',
        description: 'nina has no SUPPORT_SERVICE_NOW',
      });
      expect(request.statusCode).toBe(403);
      const after = await t.db.query('select count(*)::int as n from support_cases');
      expect(after.rows).toEqual(before.rows);
    });

    it('lets anna (who holds it) list cases and file an incident', async () => {
      const cookie = await deskCookie(ANNA);
      const list = await desk('/support-desk/track-cases', cookie);
      expect(list.statusCode).toBe(200);
      expect(caseNumbersOn(list)).toContain('CS0001001');
      const res = await post('/support-desk/incident', cookie, {
        _csrf: csrfOf(await desk('/support-desk/incident', cookie)),
        shortDescription: 'Allowed incident',
        description: 'anna holds SUPPORT_SERVICE_NOW',
        category: 'Other',
        priority: '4 - Low',
      });
      expect(res.statusCode).toBe(303);
    });
  });

  describe('cases across accounts', () => {
    it("lists the caller's account's cases only, with a status filter", async () => {
      const cookie = await deskCookie(ANNA);
      const all = await desk('/support-desk/track-cases', cookie);
      expect(caseNumbersOn(all)).toEqual(
        expect.arrayContaining(['CS0001001', 'CS0001002', 'CS0001003', 'CS0001004', 'CS0001005']),
      );
      expect(caseNumbersOn(all)).not.toContain('CS0001006');
      expect(caseNumbersOn(all)).not.toContain('CS0001008');
      // On a narrow screen the table scrolls inside a named region reachable by keyboard.
      const region = document(all).querySelector('table.cases')?.parentElement;
      expect(region?.getAttribute('role')).toBe('region');
      expect(region?.getAttribute('aria-label')).toBe('Cases of your account');
      expect(region?.getAttribute('tabindex')).toBe('0');

      const inProgress = await desk('/support-desk/track-cases?status=in-progress', cookie);
      expect(caseNumbersOn(inProgress)).toEqual(['CS0001001']);
      const select = document(inProgress).querySelector<HTMLSelectElement>('select#status');
      expect(select?.value).toBe('in-progress');

      const paul = await desk('/support-desk/track-cases', await deskCookie(PAUL));
      expect(caseNumbersOn(paul).sort()).toEqual(['CS0001006', 'CS0001007']);
    });

    it('rejects an unknown status filter with 400', async () => {
      const res = await desk('/support-desk/track-cases?status=lost', await deskCookie(ANNA));
      expect(res.statusCode).toBe(400);
    });

    it("shows a case of the caller's account; another account's case is 404", async () => {
      const anna = await deskCookie(ANNA);
      const own = await desk('/support-desk/track-case/CS0001001', anna);
      expect(own.statusCode).toBe(200);
      const doc = document(own);
      expect(doc.querySelector('h1')?.textContent).toBe(
        'Case CS0001001: Invoice run fails for "EUR, NOK" ledgers',
      );
      expect(doc.querySelector('.description')?.textContent).toContain('\nSteps: run batch INV-7');

      for (const number of ['CS0001006', 'CS0001008', 'CS9999999', 'not-a-case', '%3Cscript%3E']) {
        const res = await desk(`/support-desk/track-case/${number}`, anna);
        expect(res.statusCode, number).toBe(404);
        expect(res.body).not.toContain('Partner sandbox licence');
        expect(res.body).not.toContain('<script>');
      }
      const paul = await desk('/support-desk/track-case/CS0001006', await deskCookie(PAUL));
      expect(paul.statusCode).toBe(200);
    });
  });

  describe('incident form', () => {
    it('creates a case that then shows in the list, its detail and the CSV', async () => {
      const cookie = await deskCookie(ANNA);
      const csrf = csrfOf(await desk('/support-desk/incident', cookie));
      const res = await post('/support-desk/incident', cookie, {
        _csrf: csrf,
        shortDescription: 'Payroll export, "March" run',
        description: 'Export stops at employee 112.\nIt worked, last month.',
        category: 'Data issue',
        priority: '2 - High',
      });
      expect(res.statusCode).toBe(303);
      const location = String(res.headers.location);
      const number = /^\/support-desk\/track-case\/(CS\d{7})\?created=1$/.exec(location)?.[1];
      expect(number).toBeDefined();

      const detail = document(await desk(location, cookie));
      expect(detail.querySelector('[role="status"]')?.textContent).toContain(
        `Your case ${number} was created`,
      );
      expect(detail.querySelector('.details')?.textContent).toContain('New');
      expect(detail.querySelector('.details')?.textContent).toContain('Anna Lindqvist');

      const list = await desk('/support-desk/track-cases?status=new', cookie);
      expect(caseNumbersOn(list)[0]).toBe(number);

      const csv = parseCsv((await downloadCsv(ANNA)).body.replace(/^\uFEFF/, ''));
      const row = csv.find((r) => r[0] === number);
      expect(row?.slice(0, 6)).toEqual([
        number,
        'Payroll export, "March" run',
        'Export stops at employee 112.\nIt worked, last month.',
        'Data issue',
        '2 - High',
        'New',
      ]);
      // Another account does not see it.
      const paul = await desk(`/support-desk/track-case/${number}`, await deskCookie(PAUL));
      expect(paul.statusCode).toBe(404);
    });

    it('drops invisible control characters (a NUL cannot be stored) and keeps line breaks', async () => {
      const cookie = await deskCookie(ANNA);
      const csrf = csrfOf(await desk('/support-desk/incident', cookie));
      const res = await post('/support-desk/incident', cookie, {
        _csrf: csrf,
        shortDescription: 'Pasted\u0000 title\u0007',
        description: 'Line one\u0000\nLine\ttwo',
        category: 'Data issue',
        priority: '3 - Moderate',
      });
      expect(res.statusCode).toBe(303);
      const number = /track-case\/(CS\d{7})/.exec(String(res.headers.location))?.[1];
      const csv = parseCsv((await downloadCsv(ANNA)).body.replace(/^\uFEFF/, ''));
      expect(csv.find((r) => r[0] === number)?.slice(1, 3)).toEqual([
        'Pasted title',
        'Line one\nLine\ttwo',
      ]);
    });

    it('re-renders what was typed with clear messages when the form is invalid', async () => {
      const cookie = await deskCookie(ANNA);
      const csrf = csrfOf(await desk('/support-desk/incident', cookie));
      const before = caseNumbersOn(await desk('/support-desk/track-cases', cookie)).length;
      const typed = 'Printer <b>"queue"</b> & spooler';
      const res = await post('/support-desk/incident', cookie, {
        _csrf: csrf,
        shortDescription: typed,
        description: '   ',
        category: 'Not a category',
        priority: '1 - Critical',
      });
      expect(res.statusCode).toBe(400);
      const doc = document(res);
      expect(doc.title).toMatch(/^Error: /);
      const summary = doc.querySelector('.error-summary');
      expect(summary?.getAttribute('role')).toBe('alert');
      expect(summary?.textContent).toContain(
        'Invalid data. Review all error messages below to correct your data.',
      );
      expect(
        [...(summary?.querySelectorAll('a') ?? [])].map((a) => a.getAttribute('href')),
      ).toEqual(['#description', '#category']);
      expect(doc.querySelector('#description-error')?.textContent).toContain(
        'Describe the problem.',
      );
      expect(doc.querySelector('#category-error')?.textContent).toContain('Choose a category.');
      expect(doc.querySelector('#description')?.getAttribute('aria-invalid')).toBe('true');
      expect(doc.querySelector('#description')?.getAttribute('aria-describedby')).toContain(
        'description-error',
      );
      // What was typed stays, markup and all, as text.
      expect(doc.querySelector<HTMLInputElement>('#shortDescription')?.value).toBe(typed);
      expect(doc.querySelector<HTMLSelectElement>('#priority')?.value).toBe('1 - Critical');
      expect(doc.querySelector('#shortDescription')?.hasAttribute('aria-invalid')).toBe(false);
      expect(doc.querySelector('b')).toBeNull();
      // Nothing was created.
      expect(caseNumbersOn(await desk('/support-desk/track-cases', cookie))).toHaveLength(before);
    });

    it('refuses a post without the CSRF token of the session, keeping what was typed', async () => {
      const cookie = await deskCookie(ANNA);
      const fields = {
        shortDescription: 'Forged case',
        description: 'Should not be saved',
        category: 'Other',
        priority: '4 - Low',
      };
      const otherSession = csrfOf(await desk('/support-desk/incident', await deskCookie(PAUL)));
      for (const csrf of [undefined, 'wrong', otherSession]) {
        const res = await post(
          '/support-desk/incident',
          cookie,
          csrf ? { ...fields, _csrf: csrf } : fields,
        );
        expect(res.statusCode).toBe(403);
        const doc = document(res);
        expect(doc.querySelector('.error-summary')?.textContent).toContain('had expired');
        expect(doc.querySelector<HTMLInputElement>('#shortDescription')?.value).toBe('Forged case');
      }
      const { payload, ...headers } = form({
        ...fields,
        _csrf: csrfOf(await desk('/support-desk/incident', cookie)),
      });
      const noCookie = await t.app.inject({
        method: 'POST',
        url: '/support-desk/incident',
        headers,
        payload,
      });
      expect(noCookie.statusCode).toBe(401);
      const { rows } = await t.db.query("select 1 from support_cases where title = 'Forged case'");
      expect(rows).toHaveLength(0);
    });

    it('keeps the session (and its CSRF token) when another frame opens for the same user', async () => {
      const cookie = await deskCookie(ANNA);
      const csrf = csrfOf(await desk('/support-desk/incident', cookie));
      const reopened = await t.app.inject({
        method: 'GET',
        url: `/support-desk/track-cases?t=${await frameToken(ANNA)}`,
        headers: { cookie },
      });
      const renewed = setCookies(reopened)[0]!.split(';', 1)[0]!;
      expect(csrfOf(await desk('/support-desk/incident', renewed))).toBe(csrf);
    });
  });

  describe('service request form', () => {
    it('opens a case for a catalogue item', async () => {
      const cookie = await deskCookie(PAUL);
      const page = await desk('/support-desk/service-request', cookie);
      const doc = document(page);
      const radio = [...doc.querySelectorAll<HTMLInputElement>('input[name="item"]')].find((r) =>
        doc.querySelector(`label[for="${r.id}"]`)?.textContent.includes('Sandbox refresh'),
      );
      expect(radio).toBeDefined();
      const res = await post('/support-desk/service-request', cookie, {
        _csrf: csrfOf(page),
        item: radio!.value,
        description: 'Refresh the partner demo from production, please.',
      });
      expect(res.statusCode).toBe(303);
      const detail = document(await desk(String(res.headers.location), cookie));
      expect(detail.querySelector('h1')?.textContent).toContain('Sandbox refresh');
      expect(detail.querySelector('.details')?.textContent).toContain('Service request');
    });

    it('preselects ?item= and keeps the description when no service is chosen', async () => {
      const cookie = await deskCookie(ANNA);
      const first = document(
        await desk('/support-desk/service-request', cookie),
      ).querySelector<HTMLInputElement>('input[name="item"]')!;
      const preselected = document(
        await desk(`/support-desk/service-request?item=${first.value}`, cookie),
      );
      expect(preselected.querySelector<HTMLInputElement>(`#${first.id}`)?.checked).toBe(true);

      const page = await desk('/support-desk/service-request', cookie);
      const res = await post('/support-desk/service-request', cookie, {
        _csrf: csrfOf(page),
        item: '999999',
        description: 'Two new users for Bergen',
      });
      expect(res.statusCode).toBe(400);
      const doc = document(res);
      expect(doc.querySelector('#item-error')?.textContent).toContain('Choose a service.');
      expect(doc.querySelector('.error-summary a')?.getAttribute('href')).toBe(`#${first.id}`);
      expect(doc.querySelector('textarea#description')?.textContent).toBe(
        'Two new users for Bergen',
      );
    });
  });

  describe('GET /api/support/cases/download', () => {
    it("is a well-formed CSV of all the account's cases, commas, quotes and line breaks included", async () => {
      const res = await downloadCsv(ANNA);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(res.headers['content-disposition']).toBe('attachment; filename="cases.csv"');
      const records = parseCsv(res.body.replace(/^\uFEFF/, ''));
      expect(records[0]).toEqual([
        'Case number',
        'Short description',
        'Description',
        'Category',
        'Priority',
        'Status',
        'Created by',
        'Created',
        'Updated',
      ]);
      expect(records.slice(1).every((r) => r.length === 9)).toBe(true);
      const numbers = records.slice(1).map((r) => r[0]);
      expect(numbers).toEqual(expect.arrayContaining(['CS0001001', 'CS0001005']));
      expect(numbers).not.toContain('CS0001006');
      const tricky = records.find((r) => r[0] === 'CS0001001');
      expect(tricky?.slice(1, 7)).toEqual([
        'Invoice run fails for "EUR, NOK" ledgers',
        'The nightly invoice run stops with "currency mismatch".\nSteps: run batch INV-7, pick ledgers EUR, NOK.',
        'Software defect',
        '2 - High',
        'In progress',
        'Anna Lindqvist',
      ]);
      // Dates as the caller's language writes them, in their time zone (issue 27).
      const { rows: opened } = await t.db.query<{ opened_at: Date; time_zone: string }>(
        `select c.opened_at, u.time_zone from support_cases c, users u
          where c.number = 'CS0001001' and u.email = $1`,
        [ANNA],
      );
      expect(tricky?.[7]).toBe(
        new Intl.DateTimeFormat('en', {
          dateStyle: 'medium',
          timeStyle: 'long',
          timeZone: opened[0]?.time_zone,
        }).format(new Date(opened[0]!.opened_at)),
      );
      expect(records.find((r) => r[0] === 'CS0001005')?.[6]).toBe('');
    });

    it('keeps formula-like texts from running in a spreadsheet', async () => {
      await t.db.query(
        `insert into support_cases (account_id, title, description) values ('acc-northwind', $1, $2)`,
        ['=HYPERLINK("http://evil.test","x")', '@SUM(1+1)\r\nsecond line'],
      );
      const records = parseCsv((await downloadCsv(ANNA)).body.replace(/^\uFEFF/, ''));
      const row = records.find((r) => r[1]?.includes('HYPERLINK'));
      expect(row?.[1]).toBe(`'=HYPERLINK("http://evil.test","x")`);
      expect(row?.[2]).toBe("'@SUM(1+1)\r\nsecond line");
    });

    it('starts no cell with a formula where a spreadsheet splits on ; or tabs instead', async () => {
      const title = "Printer broken;=cmd|' /C calc'!A0";
      await t.db.query(
        `insert into support_cases (account_id, title, description) values ('acc-northwind', $1, $2)`,
        [title, 'Tab\t+1, then; "@SUM(1)"\n-2 and\r\n=3'],
      );
      const body = (await downloadCsv(ANNA)).body.replace(/^\uFEFF/, '');
      const row = parseCsv(body).find((r) => r[1]?.startsWith('Printer broken'));
      expect(row?.slice(1, 3)).toEqual([
        "Printer broken;'=cmd|' /C calc'!A0",
        `Tab\t'+1, then; "'@SUM(1)"\n'-2 and\r\n'=3`,
      ]);
      for (const separator of [';', '\t']) {
        const formulas = cellsSplitOn(body, separator).filter((c) => /^[\s"]*[=+\-@]/.test(c));
        expect(formulas, JSON.stringify(separator)).toEqual([]);
      }
    });

    it('needs both SUPPORT and USERMANAGEMENT: 403 JSON for nina and paul', async () => {
      for (const email of [NINA, PAUL]) {
        const res = await downloadCsv(email);
        expect(res.statusCode, email).toBe(403);
        expect(problemSchema.parse(res.json()).status).toBe(403);
      }
      const erik = await downloadCsv(ERIK);
      expect(erik.statusCode).toBe(200);
      expect(parseCsv(erik.body.replace(/^\uFEFF/, ''))).toHaveLength(1); // header only
    });

    it('needs the bearer token', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/api/support/cases/download' });
      expect(res.statusCode).toBe(401);
    });
  });
});
