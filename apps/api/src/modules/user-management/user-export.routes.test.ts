import { accountUserListSchema } from '@portico/contracts';
import { Workbook } from '@cj-tech-master/excelts';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { bearerFor } from '../../../test/tokens.js';
import { ANNA, NINA } from '../../../test/demo-emails.js';

const BOM = '\uFEFF';
/** 14:05 UTC: 15:05 in Berlin (winter), 09:05 in New York. */
const LOGIN = '2026-01-15T14:05:00.000Z';

describe('user exports (issue 37: in the caller’s language and time zone)', () => {
  let t: TestApp;
  let headers: { authorization: string };
  beforeAll(async () => {
    t = await createTestApp();
    headers = { authorization: `Bearer ${await bearerFor(t.app, ANNA)}` };
  });
  afterAll(async () => {
    await t.close();
  });
  /** Anna reads in `language` and `zone`; Anna's own last login is at LOGIN. */
  const annaReads = async (language: string, zone: string) => {
    await t.db.query(
      `update users set language = $1, time_zone = $2, last_login_at = $3 where email = $4`,
      [language, zone, LOGIN, ANNA],
    );
  };
  const exportOf = (format: 'csv' | 'xlsx', query = '') =>
    t.app.inject({ method: 'GET', url: `/api/users/export?format=${format}${query}`, headers });
  const annaLine = (body: string) => body.split('\r\n').find((line) => line.includes(ANNA));

  beforeEach(async () => {
    await annaReads('en', 'America/New_York');
  });

  it('exports the current selection as CSV and XLSX, matching the list', async () => {
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/users?status=Active&sort=-name',
      headers,
    });
    const total = Number(list.headers['x-total-count']);
    const csv = await exportOf('csv', '&status=Active&sort=-name');
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-disposition']).toContain('users.csv');
    const lines = csv.body.trim().split('\r\n');
    expect(lines).toHaveLength(total + 1);
    const first = accountUserListSchema.parse(list.json())[0]!;
    expect(lines[1]).toContain(first.email);

    const xlsx = await exportOf('xlsx', '&status=Active&sort=-name');
    expect(xlsx.statusCode).toBe(200);
    const workbook = new Workbook();
    await workbook.xlsx.load(xlsx.rawPayload);
    const sheet = workbook.getWorksheet('Users')!;
    expect(sheet.rowCount).toBe(total + 1);
    expect(sheet.getRow(2).getCell(2).value).toBe(first.email);
    const nina = await t.app.inject({
      method: 'GET',
      url: '/api/users/export?format=csv',
      headers: { authorization: `Bearer ${await bearerFor(t.app, NINA)}` },
    });
    expect(nina.statusCode).toBe(403);
  });

  it('English CSV: commas, no byte-order mark, English names, the login in the caller’s zone', async () => {
    const csv = await exportOf('csv');
    expect(csv.body.startsWith(BOM)).toBe(false);
    expect(csv.body.split('\r\n')[0]).toBe(
      'Name,E-mail,Username,Role,Status,Last login (Eastern Time (New York))',
    );
    expect(annaLine(csv.body)).toMatch(/,Administrator,Active,"Jan 15, 2026, 9:05:00\sAM EST"$/);
  });

  it('German CSV: byte-order mark, semicolons, German headings, role, status and date in the zone', async () => {
    await annaReads('de', 'Europe/Berlin');
    const csv = await exportOf('csv');
    expect(csv.body.startsWith(BOM)).toBe(true);
    expect(csv.body.slice(1).split('\r\n')[0]).toBe(
      'Name;E-Mail;Benutzername;Rolle;Status;Letzte Anmeldung (Mitteleuropäische Zeit (Berlin))',
    );
    expect(annaLine(csv.body)).toMatch(/;Administrator;Aktiv;"15\.01\.2026, 15:05:00 MEZ"$/);
    // A standard user by the German role name, never the English one.
    expect(csv.body).toContain(';Standardbenutzer;');
    expect(csv.body).not.toMatch(/Standard user|,Active,/);
  });

  it('German XLSX: German sheet, headings and names, the login a real date at Berlin’s wall clock', async () => {
    await annaReads('de', 'Europe/Berlin');
    const xlsx = await exportOf('xlsx');
    const workbook = new Workbook();
    await workbook.xlsx.load(xlsx.rawPayload);
    const sheet = workbook.getWorksheet('Benutzer')!;
    expect(sheet.getRow(1).values).toEqual([
      undefined,
      'Name',
      'E-Mail',
      'Benutzername',
      'Rolle',
      'Status',
      'Letzte Anmeldung (Mitteleuropäische Zeit (Berlin))',
    ]);
    const rows = Array.from({ length: sheet.rowCount - 1 }, (_, i) => sheet.getRow(i + 2));
    const anna = rows.find((row) => row.getCell(2).value === ANNA)!;
    expect([anna.getCell(4).value, anna.getCell(5).value]).toEqual(['Administrator', 'Aktiv']);
    expect(anna.getCell(6).value).toEqual(new Date('2026-01-15T15:05:00.000Z'));
    expect(anna.getCell(6).numFmt).toBe('dd.mm.yyyy hh:mm');
    expect(rows.map((row) => row.getCell(4).value)).toContain('Standardbenutzer');
  });
});
