// Issue 27: the files the API makes follow the caller's profile language: the invoice PDF, the
// invoices XLSX, the cloud report CSV and XLSX and the cases CSV, with headers, dates and
// amounts written for it. German here; the expected texts are written out, not read from the
// catalogue, so a missing translation or an English format fails.
import {
  fieldErrorsOf,
  problemSchema,
  invoiceListSchema,
  PORTAL_LANGUAGES,
  userFormMessages,
  type Invoice,
} from '@portico/contracts';
import { SUPPORTED_LANGUAGES } from '@portico/locales';
import { Workbook } from '@cj-tech-master/excelts';
import { beforeAll, describe, expect, it } from 'vitest';
import { pdfText } from '../../../test/pdf-text.js';
import { sheetRows } from '../../../test/spreadsheet-rows.js';
import { appPerSuite } from '../../../test/suite-app.js';
import { bearerFor } from '../../../test/tokens.js';
import { ANNA } from '../../../test/demo-emails.js';

/** dd.mm.yyyy of an ISO day, written here independently of the server. */
const germanDay = (iso: string): string => iso.slice(0, 10).split('-').reverse().join('.');

describe('the exports in the caller’s language (issue 27)', () => {
  const t = appPerSuite();
  let authorization: string;
  beforeAll(async () => {
    authorization = `Bearer ${await bearerFor(t.app, ANNA)}`;
    await t.db.query(`update users set language = 'de' where email = $1`, [ANNA]);
  });

  const get = (url: string) => t.app.inject({ method: 'GET', url, headers: { authorization } });

  /** Anna's invoices from the API (the list is data, not text: the same in every language). */
  const invoices = async (query: string): Promise<Invoice[]> => {
    const res = await get(`/api/invoices?${query}`);
    expect(res.statusCode).toBe(200);
    return invoiceListSchema.parse(res.json());
  };

  it('writes the invoice PDF in German: labels, a German date and a German amount', async () => {
    const [invoice] = await invoices('sort=status&order=desc&status=PAID&size=1');
    if (!invoice) throw new Error('no paid invoice');
    const res = await get(`/api/invoices/${invoice.id}/pdf`);
    expect(res.statusCode).toBe(200);
    const text = await pdfText(res.rawPayload);
    const [whole = '', cents = ''] = invoice.amount.split('.');
    const amount = `${whole.replace(/\B(?=(\d{3})+$)/g, '.')},${cents}`;
    expect(text).toContain('Rechnung');
    expect(text).toContain('Rechnungsempfänger');
    expect(text).toContain(`Zu zahlen\n${amount} ${invoice.currency}`);
    expect(text).toContain(`Fällig am\n${germanDay(invoice.dueDate)}`);
    expect(text).toContain('Niederlande');
    expect(text).toContain('BEZAHLT');
    expect(text).not.toContain('Total due');
  });

  it('names the country, the items and their month in German and shows the VAT rate (issue 37)', async () => {
    const [invoice] = await invoices('sort=number&order=asc&size=1');
    if (!invoice) throw new Error('no invoice');
    const text = await pdfText((await get(`/api/invoices/${invoice.id}/pdf`)).rawPayload);
    // Northwind's billing address is in Norway, written as Germans name it.
    expect(text).toContain('Norwegen');
    expect(text).not.toContain('Norway');
    const month = new Date(`${invoice.date.slice(0, 7)}-01T00:00:00Z`).getUTCMonth();
    const germanMonths = [
      'Januar',
      'Februar',
      'März',
      'April',
      'Mai',
      'Juni',
      'Juli',
      'August',
      'September',
      'Oktober',
      'November',
      'Dezember',
    ];
    // The description column wraps: any white space between the words.
    expect(text).toMatch(
      new RegExp(`ERP-Cloud-Abonnement,\\s+${germanMonths[month]}\\s+${invoice.date.slice(0, 4)}`),
    );
    expect(text).not.toContain('ERP cloud subscription');
    // Norwegian VAT, 25 %, with the no-break space German writes before the sign.
    expect(text).toMatch(/MwSt\. 25\s%/);
  });

  it('writes the invoice PDF in Polish with every diacritic intact (ADR 0051 addendum)', async () => {
    const [invoice] = await invoices('sort=status&order=desc&status=PAID&size=1');
    if (!invoice) throw new Error('no paid invoice');
    await t.db.query(`update users set language = 'pl' where email = $1`, [ANNA]);
    try {
      const res = await get(`/api/invoices/${invoice.id}/pdf`);
      expect(res.statusCode).toBe(200);
      const text = await pdfText(res.rawPayload);
      // ł, ś, ć, ę and Ł as the catalogue writes them, not "zaplaty" or "Ilosc".
      expect(text).toContain('Do zapłaty');
      expect(text).toContain('Ilość');
      expect(text).toContain('Prosimy o zapłatę');
      expect(text).toContain('ZAPŁACONA');
      // Polish groups digits with a (no-break) space and writes a decimal comma.
      const [whole = '', cents = ''] = invoice.amount.split('.');
      const amount = `${whole.replace(/\B(?=(\d{3})+$)/g, ' ')},${cents}`;
      expect(text).toContain(`Do zapłaty\n${amount} ${invoice.currency}`);
    } finally {
      await t.db.query(`update users set language = 'de' where email = $1`, [ANNA]);
    }
  });

  it('writes the invoices XLSX with German headers, statuses and date format', async () => {
    const res = await get('/api/invoices/export.xlsx?sort=amount&order=desc&status=PAID');
    expect(res.statusCode).toBe(200);
    const { rows, name } = await sheetRows(res.rawPayload);
    expect(name).toBe('Rechnungen');
    expect(rows[0]).toEqual([
      'Rechnungsnr.',
      'Datum',
      'Fällig am',
      'Betrag',
      'Währung',
      'Status',
      'Hochgeladen',
    ]);
    const [first] = await invoices('sort=amount&order=desc&status=PAID&size=1');
    expect(rows[1]?.[3]).toBe(Number(first?.amount));
    expect(rows[1]?.[5]).toBe('BEZAHLT');
    const workbook = new Workbook();
    await workbook.xlsx.load(res.rawPayload);
    const dateCell = workbook.worksheets[0]?.getRow(2).getCell(2);
    expect((dateCell?.value as Date).toISOString().slice(0, 10)).toBe(first?.date);
    expect(dateCell?.numFmt).toBe('dd.mm.yyyy');
  });

  it('writes the invoices CSV by the separator rule: German with BOM and semicolons, English with commas (issue 37)', async () => {
    const query = 'sort=amount&order=desc&status=PAID';
    const [first] = await invoices(`${query}&size=1`);
    if (!first) throw new Error('no paid invoice');
    const german = await get(`/api/invoices/export.csv?${query}`);
    expect(german.statusCode).toBe(200);
    expect(german.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(german.body.startsWith('\uFEFF')).toBe(true);
    const lines = german.body.slice(1).split('\r\n');
    expect(lines[0]).toBe('Rechnungsnr.;Datum;Fällig am;Betrag;Währung;Status;Hochgeladen');
    const [whole = '', cents = ''] = first.amount.split('.');
    // The amount as on screen, with a decimal comma (quoted: a comma is a separator elsewhere).
    expect(lines[1]).toMatch(
      new RegExp(
        `^${first.number};${germanDay(first.date)};\\d\\d\\.\\d\\d\\.\\d{4};"${whole},${cents.padEnd(2, '0')}";${first.currency};BEZAHLT;`,
      ),
    );

    await t.db.query(`update users set language = 'en' where email = $1`, [ANNA]);
    try {
      const english = await get(`/api/invoices/export.csv?${query}`);
      expect(english.body.startsWith('\uFEFF')).toBe(false);
      const [header, record] = english.body.split('\r\n');
      expect(header).toBe('Invoice number,Date,Due date,Amount,Currency,Status,Uploaded');
      expect(record).toContain(`,${whole}.${cents.padEnd(2, '0')},${first.currency},`);
    } finally {
      await t.db.query(`update users set language = 'de' where email = $1`, [ANNA]);
    }
  });

  it('writes the cloud reports with German headers, months and figures', async () => {
    const csv = await get('/api/cloud/reports/availability.csv');
    expect(csv.statusCode).toBe(200);
    // Issue 37: a German reader's Excel splits on semicolons and needs the byte-order mark.
    expect(csv.body.startsWith('\uFEFF')).toBe(true);
    const lines = csv.body.slice(1).trimEnd().split('\r\n');
    expect(lines[0]).toBe(
      'Instanz;Monat;Verfügbarkeit (%);SLA (%);SLA erfüllt;Ausfallzeit (Minuten)',
    );
    const german = new Intl.DateTimeFormat('de', { month: 'long' });
    const months = new Set(
      Array.from({ length: 12 }, (_, m) => german.format(new Date(Date.UTC(2026, m, 15)))),
    );
    const first = lines[1] ?? '';
    const month = /^[^;]+;([^ ]+) \d{4};/.exec(first)?.[1] ?? '';
    expect(months.has(month), first).toBe(true);
    // The SLA column is a decimal figure as on screen: a decimal comma, unquoted (a number).
    expect(first).toMatch(/;\d+,\d+;(Ja|Nein);/);

    const xlsx = await get('/api/cloud/reports/response-times.xlsx');
    expect(xlsx.statusCode).toBe(200);
    const { rows, name } = await sheetRows(xlsx.rawPayload);
    expect(name).toBe('Antwortzeiten');
    expect(rows[0]).toEqual(['Instanz', 'Monat', 'Median (ms)', '95. Perzentil (ms)', 'Anfragen']);
    expect(typeof rows[1]?.[2]).toBe('number');
  });

  it('writes the cases CSV with German headers, values and dates', async () => {
    const res = await get('/api/support/cases/download');
    expect(res.statusCode).toBe(200);
    expect(res.body.startsWith('\uFEFF')).toBe(true);
    const lines = res.body.slice(1).split('\r\n');
    expect(lines[0]).toBe(
      'Fallnummer;Kurzbeschreibung;Beschreibung;Kategorie;Priorität;Status;Erstellt von;Erstellt;Aktualisiert',
    );
    const { rows } = await t.db.query<{ opened_at: Date; time_zone: string }>(
      `select c.opened_at, u.time_zone from support_cases c, users u
        where c.number = 'CS0001005' and u.email = $1`,
      [ANNA],
    );
    const opened = rows[0];
    if (!opened) throw new Error('no case CS0001005');
    const day = new Intl.DateTimeFormat('de', {
      day: '2-digit',
      month: '2-digit',
      year: 'numeric',
      timeZone: opened.time_zone,
    }).format(new Date(opened.opened_at));
    const record = lines.find((line) => line.startsWith('CS0001005;')) ?? '';
    expect(record).toContain(`"${day}, `);
    expect(record).not.toMatch(/\d{4}-\d{2}-\d{2}T/);
  });

  describe('a language outside the nine is refused with 400, not stored', () => {
    it('keeps the contracts’ list of languages equal to the locales’ list', () => {
      expect([...PORTAL_LANGUAGES].sort()).toEqual([...SUPPORTED_LANGUAGES].sort());
    });

    const storedLanguage = async (): Promise<string | undefined> =>
      (
        await t.db.query<{ language: string }>('select language from users where email = $1', [
          ANNA,
        ])
      ).rows[0]?.language;

    it('refuses a profile language of it, xx or de-DE on PUT /api/users/me', async () => {
      const settings = await get('/api/users/me/settings');
      const etag = String(settings.headers.etag);
      for (const language of ['it', 'xx', 'de-DE', 'EN']) {
        const res = await t.app.inject({
          method: 'PUT',
          url: '/api/users/me',
          headers: { authorization, 'if-match': etag },
          payload: { language },
        });
        expect(res.statusCode, language).toBe(400);
        expect(fieldErrorsOf(problemSchema.parse(res.json()))).toMatchObject({
          language: userFormMessages.invalidLanguage,
        });
      }
      expect(await storedLanguage()).toBe('de');
    });

    it('refuses it for a new user of the user management form', async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/users',
        headers: { authorization },
        payload: {
          firstName: 'Ola',
          lastName: 'Nordmann',
          email: 'ola.language@northwind.test',
          username: '',
          language: 'it',
          timeZone: 'Europe/Oslo',
          role: 'standard',
        },
      });
      expect(res.statusCode).toBe(400);
      expect(fieldErrorsOf(problemSchema.parse(res.json()))).toMatchObject({
        language: userFormMessages.invalidLanguage,
      });
      const { rows } = await t.db.query('select 1 from users where email = $1', [
        'ola.language@northwind.test',
      ]);
      expect(rows).toHaveLength(0);
    });

    it('refuses a language parameter outside the nine on cpplabels', async () => {
      const res = await get('/api/content/labels/cpplabels?language=it');
      expect(res.statusCode).toBe(400);
      expect(res.json<{ detail: string }>().detail).toMatch(/language/);
      expect((await get('/api/content/labels/cpplabels?language=pl')).statusCode).toBe(200);
    });
  });
});
