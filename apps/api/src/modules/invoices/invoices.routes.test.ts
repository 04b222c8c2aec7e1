import {
  problemSchema,
  INVOICE_SORTS,
  invoiceAccountListSchema,
  invoiceListSchema,
  type Invoice,
  type InvoiceSort,
} from '@portico/contracts';
import { Workbook } from '@cj-tech-master/excelts';
import { beforeAll, describe, expect, it } from 'vitest';
import { appPerSuite } from '../../../test/suite-app.js';
import { routeDatabaseKinds } from '../../../test/test-db.js';
import { pdfText } from '../../../test/pdf-text.js';
import { insertInvoices } from './invoices.repository.js';
import { ANNA, PAUL, ERIK, NINA } from '../../../test/demo-emails.js';
import { expectProblems } from '../../../test/expect-problems.js';

const DAY_MS = 24 * 60 * 60 * 1000;
const day = (offsetDays: number): string =>
  new Date(Date.now() + offsetDays * DAY_MS).toISOString().slice(0, 10);

/** §9 status order, written here independently of the server: overdue, open, paid. */
const STATUS_RANK: Record<Invoice['status'], number> = {
  OVERDUE: 0,
  OPEN: 1,
  OPEN_DIRECT_DEBIT: 1,
  PAID: 2,
};

/** The key each §9 sort orders by, as the list shows it. */
function keyOf(sort: InvoiceSort, invoice: Invoice): number | string {
  switch (sort) {
    case 'amount':
      return Number(invoice.amount);
    case 'number':
      return invoice.number;
    case 'status':
      return STATUS_RANK[invoice.status];
    case 'dueDate':
      return invoice.dueDate;
    case 'uploadDate':
      return invoice.uploadedAt;
  }
}

function isOrdered(values: readonly (number | string)[], order: 'asc' | 'desc'): boolean {
  return values.every((value, i) => {
    const previous = values[i - 1];
    if (i === 0 || previous === undefined) return true;
    return order === 'asc' ? previous <= value : previous >= value;
  });
}

describe.each(routeDatabaseKinds())('invoices API over %s', (kind) => {
  const t = appPerSuite(kind);
  const { get } = t;

  beforeAll(async () => {
    // Due yesterday and unpaid: OVERDUE today; due today: still OPEN (§3 OVERDUE is derived).
    await insertInvoices(t.db, [
      {
        accountId: 'acc-northwind',
        number: 'INV-TEST-LATE',
        issuedOn: day(-31),
        dueOn: day(-1),
        uploadedAt: new Date(Date.now() - 30 * DAY_MS),
        currency: 'NOK',
        netMinor: 1000,
        vatMinor: 250,
        vatPercent: 25,
        directDebit: false,
        paidAt: null,
        lines: [],
      },
      {
        accountId: 'acc-northwind',
        number: 'INV-TEST-TODAY',
        issuedOn: day(-30),
        dueOn: day(0),
        uploadedAt: new Date(Date.now() - 29 * DAY_MS),
        currency: 'NOK',
        netMinor: 2000,
        vatMinor: 500,
        vatPercent: 25,
        directDebit: true,
        paidAt: null,
        lines: [],
      },
    ]);
  });
  const list = async (email: string, query: string) => {
    const res = await get(email, `/api/invoices?${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return {
      items: invoiceListSchema.parse(res.json()),
      total: Number(res.headers['x-total-count']),
    };
  };

  /** Every page of a list, walked with the given page size. */
  const allPages = async (email: string, query: string, size: number) => {
    const items: Invoice[] = [];
    for (let page = 1; ; page++) {
      const { items: pageItems, total } = await list(email, `${query}&size=${size}&page=${page}`);
      items.push(...pageItems);
      if (items.length >= total || pageItems.length === 0) return { items, total };
    }
  };

  it('needs a bearer token', async () => {
    expect((await get(null, '/api/invoices')).statusCode).toBe(401);
    expect((await get(null, '/api/invoices/1/pdf')).statusCode).toBe(401);
  });

  it("lists anna's invoices 20 to a page, newest upload first, with X-Total-Count", async () => {
    const { items, total } = await list(ANNA, '');
    expect(items).toHaveLength(20);
    expect(total).toBeGreaterThanOrEqual(36 + 2);
    expect(
      isOrdered(
        items.map((i) => i.uploadedAt),
        'desc',
      ),
    ).toBe(true);
    expect(items.every((i) => i.currency === 'NOK')).toBe(true);
  });

  it('has all four statuses in the demo data and derives OVERDUE from the due date', async () => {
    const { items } = await list(ANNA, 'size=100');
    const statuses = new Set(items.map((i) => i.status));
    expect([...statuses].sort()).toEqual(['OPEN', 'OPEN_DIRECT_DEBIT', 'OVERDUE', 'PAID']);
    expect(items.find((i) => i.number === 'INV-TEST-LATE')?.status).toBe('OVERDUE');
    expect(items.find((i) => i.number === 'INV-TEST-TODAY')?.status).toBe('OPEN_DIRECT_DEBIT');
    for (const invoice of items) {
      if (invoice.status === 'OVERDUE') expect(invoice.dueDate < day(0)).toBe(true);
      if (invoice.status.startsWith('OPEN')) expect(invoice.dueDate >= day(0)).toBe(true);
    }
  });

  for (const sort of INVOICE_SORTS) {
    for (const order of ['asc', 'desc'] as const) {
      it(`sorts by ${sort} ${order}, the same across pages`, async () => {
        const { items: whole, total } = await list(ANNA, `sort=${sort}&order=${order}&size=100`);
        expect(whole).toHaveLength(total);
        expect(
          isOrdered(
            whole.map((i) => keyOf(sort, i)),
            order,
          ),
        ).toBe(true);
        // Paged in sevens (the status sort crosses from unpaid to paid mid-page): same rows.
        const paged = await allPages(ANNA, `sort=${sort}&order=${order}`, 7);
        expect(paged.items.map((i) => i.id)).toEqual(whole.map((i) => i.id));
      });
    }
  }

  it('puts overdue first, then open, then paid when sorting by status ascending', async () => {
    const { items } = await list(ANNA, 'sort=status&order=asc&size=100');
    expect(items[0]?.status).toBe('OVERDUE');
    expect(items.at(-1)?.status).toBe('PAID');
  });

  it('filters by one or several statuses and by invoice date', async () => {
    const paid = await list(ANNA, 'status=PAID&size=100');
    expect(paid.items.length).toBe(paid.total);
    expect(paid.items.every((i) => i.status === 'PAID')).toBe(true);

    const unpaid = await allPages(ANNA, 'status=OVERDUE,OPEN,OPEN_DIRECT_DEBIT', 3);
    expect(unpaid.items.map((i) => i.status).every((s) => s !== 'PAID')).toBe(true);
    const all = await list(ANNA, 'size=1');
    expect(unpaid.total + paid.total).toBe(all.total);

    const year = new Date().getUTCFullYear() - 1;
    const dated = await list(ANNA, `startDate=${year}-01-01&endDate=${year}-12-31&size=100`);
    expect(dated.items.length).toBeGreaterThanOrEqual(12);
    expect(dated.items.every((i) => i.date >= `${year}-01-01` && i.date <= `${year}-12-31`)).toBe(
      true,
    );
  });

  it.each([
    ['sort=newest', 'sort must be one of'],
    ['order=up', 'order must be asc or desc'],
    ['status=LATE', 'status must be one or more of'],
    ['page=0', 'page must be'],
    ['size=101', 'size must be'],
    ['startDate=2026-02-30', 'startDate must be a date'],
    ['startDate=2026-03-01&endDate=2026-02-01', 'startDate must not be after endDate'],
    ['sort=amount&sort=number', 'sort must be given once'],
    ['accountId=%00', 'accountId is not an account id'],
  ])('answers 400 with a message for %s', async (query, message) => {
    const res = await get(ANNA, `/api/invoices?${query}`);
    expect(res.statusCode).toBe(400);
    expect(problemSchema.parse(res.json()).detail).toContain(message);
  });

  it("shows paul his partner account's invoices and those of the accounts he serves, 404 for others", async () => {
    const { items } = await list(PAUL, 'size=100');
    expect(items.length).toBe(36);
    expect(items.every((i) => i.currency === 'GBP' && i.number.startsWith('INV-'))).toBe(true);
    const nina = await list(ERIK, 'accountId=acc-brightwater&size=1');
    const foreign = nina.items[0];
    if (!foreign) throw new Error('brightwater has no invoices');
    expect(items.some((i) => i.id === foreign.id)).toBe(false);

    // IDOR: an invoice id and account id of an account he does not serve mean nothing to paul.
    const pdf = await get(PAUL, `/api/invoices/${foreign.id}/pdf`);
    expect(pdf.statusCode).toBe(404);
    expect(pdf.body).not.toContain(foreign.number);
    expect((await get(PAUL, '/api/invoices?accountId=acc-brightwater')).statusCode).toBe(404);
    expect(
      (await get(PAUL, '/api/invoices/export.xlsx?accountId=acc-brightwater')).statusCode,
    ).toBe(404);
    expect((await get(PAUL, '/api/invoices?accountId=acc-portico')).statusCode).toBe(404);
    // His own account by id is fine, and so is Northwind, a customer he serves (ADR 0070).
    expect((await list(PAUL, 'accountId=acc-meridian&size=1')).total).toBe(36);
    const served = await list(PAUL, 'accountId=acc-northwind&sort=number&order=asc&size=100');
    expect(served.items).toEqual((await list(ANNA, 'sort=number&order=asc&size=100')).items);
    const servedPdf = await get(PAUL, `/api/invoices/${served.items[0]?.id ?? '1'}/pdf`);
    expect(servedPdf.statusCode).toBe(200);
    const accounts = invoiceAccountListSchema.parse(
      (await get(PAUL, '/api/invoices/accounts')).json(),
    );
    expect(accounts).toEqual([{ id: 'acc-meridian', name: 'Meridian Consulting Group Ltd' }]);
  });

  it('refuses nina (no INVOICES permission) everywhere with 403', async () => {
    const anna = await list(ANNA, 'size=1');
    const routes = [
      '/api/invoices',
      '/api/invoices/accounts',
      '/api/invoices/export.xlsx',
      `/api/invoices/${anna.items[0]?.id ?? '1'}/pdf`,
    ];
    for (const { url, problem } of await expectProblems(routes, 403, (url) => get(NINA, url)))
      expect(problem.detail, url).toContain('no access');
  });

  it('lets a vendor employee pick any account', async () => {
    const accounts = invoiceAccountListSchema.parse(
      (await get(ERIK, '/api/invoices/accounts')).json(),
    );
    expect(accounts.map((a) => a.id)).toEqual(
      expect.arrayContaining(['acc-northwind', 'acc-meridian', 'acc-brightwater', 'acc-portico']),
    );
    // His own account first: the one the list shows without accountId.
    expect(accounts[0]?.id).toBe('acc-portico');
    const asErik = await list(ERIK, 'accountId=acc-northwind&sort=number&order=asc&size=100');
    const asAnna = await list(ANNA, 'sort=number&order=asc&size=100');
    expect(asErik.items).toEqual(asAnna.items);
    expect((await list(ERIK, 'size=1')).total).toBe(0); // the vendor's own account has none
    expect((await get(ERIK, '/api/invoices?accountId=acc-nowhere')).statusCode).toBe(404);
  });

  it('makes a PDF with the account address, the lines, the number and the amount', async () => {
    const { items } = await list(ANNA, 'sort=status&order=asc&size=1');
    const invoice = items[0];
    if (!invoice) throw new Error('no invoice');
    const res = await get(ANNA, `/api/invoices/${invoice.id}/pdf`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="${invoice.number}.pdf"`);
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const text = await pdfText(res.rawPayload);
    expect(text).toContain(invoice.number);
    const amount = new Intl.NumberFormat('en-GB', { minimumFractionDigits: 2 }).format(
      Number(invoice.amount),
    );
    // Intl joins the currency code with a no-break space (issue 27), which reads back as ' '.
    expect(text).toContain(`Total due\nNOK ${amount}`);
    expect(text).toContain('Northwind Logistics AS');
    expect(text).toContain('Havnegata 14');
    expect(text).toContain('OVERDUE');
    expect(text).toMatch(/ERP cloud subscription, \w+ \d{4}/);
    // The country by its English name, and the VAT rate (issue 37).
    expect(text).toContain('Norway');
    expect(text).toMatch(/VAT 25%\n/);
    // The vendor employee may open it too.
    expect((await get(ERIK, `/api/invoices/${invoice.id}/pdf`)).statusCode).toBe(200);
  });

  it('answers 400 for an id that is not a number and 404 for one that names nothing', async () => {
    expect((await get(ANNA, '/api/invoices/abc/pdf')).statusCode).toBe(400);
    expect((await get(ANNA, '/api/invoices/9999999999/pdf')).statusCode).toBe(404);
    expect((await get(ANNA, '/api/invoices/99999999999999999999/pdf')).statusCode).toBe(404);
  });

  it('exports the filtered, sorted list as XLSX that reads back as the API list', async () => {
    const query = 'sort=amount&order=desc&status=PAID';
    const res = await get(ANNA, `/api/invoices/export.xlsx?${query}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    const workbook = new Workbook();
    await workbook.xlsx.load(res.rawPayload);
    const sheet = workbook.getWorksheet('Invoices');
    if (!sheet) throw new Error('no Invoices sheet');
    const { items } = await list(ANNA, `${query}&size=100`);
    expect(sheet.rowCount).toBe(items.length + 1);
    expect(sheet.getRow(1).values).toEqual([
      undefined,
      'Invoice number',
      'Date',
      'Due date',
      'Amount',
      'Currency',
      'Status',
      'Uploaded',
    ]);
    items.forEach((invoice, index) => {
      const row = sheet.getRow(index + 2);
      expect(row.getCell(1).value).toBe(invoice.number);
      expect((row.getCell(2).value as Date).toISOString().slice(0, 10)).toBe(invoice.date);
      expect((row.getCell(3).value as Date).toISOString().slice(0, 10)).toBe(invoice.dueDate);
      expect(row.getCell(4).value).toBe(Number(invoice.amount));
      expect(row.getCell(6).value).toBe('PAID');
    });
  });
});
