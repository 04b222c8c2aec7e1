import {
  INVOICE_EXPORT_LIMIT,
  INVOICES_PERMISSION,
  type Invoice,
  type InvoiceAccount,
  type InvoiceListCriteria,
  type InvoiceStatus,
} from '@portico/contracts';
import { intlLocale, type LabelLanguage } from '@portico/locales';
import { toCsv } from '../../lib/csv.js';
import { formatDateTime, formatDay } from '../../lib/i18n/format.js';
import type { Queryable } from '../../db/db.js';
import { chooseLanguage, textsFor, type Translate } from '../../lib/i18n/translate.js';
import {
  accountName as findAccountName,
  mayViewAccount,
  scopedAccountId,
  type AccountCaller,
} from '../../lib/account-scope.js';
import { ForbiddenError, NotFoundError } from '../../lib/errors.js';
import {
  countInvoices,
  findInvoiceDocument,
  findInvoiceLines,
  listAccountsOwnFirst,
  listInvoices,
  type InvoiceFilter,
  type InvoiceRow,
} from './invoices.repository.js';
import { invoicePdf } from './invoice-pdf.js';
import './invoices.texts.js';
import { invoicesXlsx } from './invoices-xlsx.js';

/** §3 status texts as printed on the PDF and in the spreadsheet: the page's labels, translated. */
const statusText = (t: Translate, status: InvoiceStatus): string => t(`invoices.status.${status}`);

/** The caller's language and texts: the files follow the profile language (issue 27). */
async function readerOf(
  db: Queryable,
  caller: AccountCaller,
): Promise<{ language: LabelLanguage; t: Translate }> {
  const language = chooseLanguage({ profile: caller.language });
  return { language, t: await textsFor(db, language) };
}

/** Today (UTC) as yyyy-mm-dd: due dates are calendar days, an invoice is overdue the day after. */
export function todayOf(now: Date): string {
  return now.toISOString().slice(0, 10);
}

/** "1788750" minor units → "17887.50" (exact: no floating point on the way). */
export function majorUnits(minor: string): string {
  const negative = minor.startsWith('-');
  const digits = (negative ? minor.slice(1) : minor).padStart(3, '0');
  return `${negative ? '-' : ''}${digits.slice(0, -2)}.${digits.slice(-2)}`;
}

function toInvoice(row: InvoiceRow): Invoice {
  return {
    id: row.id,
    number: row.number,
    date: row.issued_on,
    dueDate: row.due_on,
    uploadedAt: row.uploaded_at,
    amount: majorUnits(row.amount_minor),
    currency: row.currency.trim(),
    status: row.status,
  };
}

/**
 * ADR 0023: a customer's or partner's user sees invoices with the INVOICES permission, and
 * only their own account's; a vendor employee sees any account's.
 */
export function assertInvoiceAccess(caller: AccountCaller): void {
  if (caller.employee || caller.permissions.includes(INVOICES_PERMISSION)) return;
  throw new ForbiddenError(
    "You have no access to your account's invoices. Ask your account administrator for the invoices permission.",
  );
}

export interface InvoicePage {
  items: Invoice[];
  total: number;
}

async function filterOf(
  db: Queryable,
  caller: AccountCaller,
  criteria: InvoiceListCriteria,
  now: Date,
): Promise<InvoiceFilter> {
  assertInvoiceAccess(caller);
  return {
    accountId: await scopedAccountId(db, caller, criteria.accountId),
    today: todayOf(now),
    statuses: criteria.statuses,
    ...(criteria.startDate === undefined ? {} : { startDate: criteria.startDate }),
    ...(criteria.endDate === undefined ? {} : { endDate: criteria.endDate }),
  };
}

/**
 * Rows `offset … offset + limit` of the list in §9 order. The status sort (overdue, open,
 * paid) reads the unpaid invoices by due date, then the paid ones: an unpaid invoice due
 * before today is overdue, so due-date order puts the overdue ones first (ADR 0024).
 */
async function rowsOf(
  db: Queryable,
  filter: InvoiceFilter,
  criteria: Pick<InvoiceListCriteria, 'sort' | 'order'>,
  counts: { unpaid: number; paid: number },
  limit: number,
  offset: number,
): Promise<InvoiceRow[]> {
  if (criteria.sort !== 'status') {
    return listInvoices(
      db,
      filter,
      { by: criteria.sort, direction: criteria.order },
      limit,
      offset,
    );
  }
  const halves =
    criteria.order === 'asc'
      ? [
          { paid: false, count: counts.unpaid },
          { paid: true, count: counts.paid },
        ]
      : [
          { paid: true, count: counts.paid },
          { paid: false, count: counts.unpaid },
        ];
  const rows: InvoiceRow[] = [];
  let skip = offset;
  for (const half of halves) {
    const wanted = limit - rows.length;
    if (wanted <= 0) break;
    if (skip >= half.count) {
      skip -= half.count;
      continue;
    }
    rows.push(
      ...(await listInvoices(
        db,
        { ...filter, paid: half.paid },
        { by: 'dueDate', direction: criteria.order },
        wanted,
        skip,
      )),
    );
    skip = 0;
  }
  return rows;
}

/** `GET /api/invoices`: one page of the scoped account's invoices and the total for X-Total-Count. */
export async function getInvoicePage(
  db: Queryable,
  caller: AccountCaller,
  criteria: InvoiceListCriteria,
  now: Date = new Date(),
): Promise<InvoicePage> {
  const filter = await filterOf(db, caller, criteria, now);
  const counts = await countInvoices(db, filter);
  const total = counts.unpaid + counts.paid;
  const offset = (criteria.page - 1) * criteria.size;
  if (offset >= total) return { items: [], total };
  const rows = await rowsOf(db, filter, criteria, counts, criteria.size, offset);
  return { items: rows.map(toInvoice), total };
}

/**
 * `GET /api/invoices/accounts`: the caller's own account first (what a call without
 * accountId shows), then, for a vendor employee, every other (ADR 0023). The web reads only
 * whether it answers (the page's access check); accounts are picked through
 * `GET /api/accounts` (ADR 0070, 0072).
 */
export async function getInvoiceAccounts(
  db: Queryable,
  caller: AccountCaller,
): Promise<InvoiceAccount[]> {
  assertInvoiceAccess(caller);
  return listAccountsOwnFirst(db, caller.accountId, caller.employee);
}

/** What an export writes: the filtered, sorted list, in the reader's language and texts. */
interface InvoiceExport {
  accountId: string;
  rows: InvoiceRow[];
  language: LabelLanguage;
  t: Translate;
}

/**
 * An export of the list: the filtered, sorted list (up to the export limit) in the reader's
 * language, written by `write` into a file named by the account, the day and `extension`.
 */
function invoiceExport<B>(
  extension: 'xlsx' | 'csv',
  write: (list: InvoiceExport, db: Queryable, caller: AccountCaller) => Promise<B> | B,
) {
  return async (
    db: Queryable,
    caller: AccountCaller,
    criteria: InvoiceListCriteria,
    now: Date = new Date(),
  ): Promise<{ fileName: string; body: B }> => {
    const filter = await filterOf(db, caller, criteria, now);
    const counts = await countInvoices(db, filter);
    const rows = await rowsOf(db, filter, criteria, counts, INVOICE_EXPORT_LIMIT, 0);
    const reader = await readerOf(db, caller);
    const body = await write({ accountId: filter.accountId, rows, ...reader }, db, caller);
    return { fileName: `invoices-${filter.accountId}-${filter.today}.${extension}`, body };
  };
}

/** `GET /api/invoices/export.xlsx`: the filtered, sorted list (up to the export limit). */
export const getInvoicesWorkbook = invoiceExport(
  'xlsx',
  async ({ accountId, rows, language, t }, db) =>
    invoicesXlsx(
      (await findAccountName(db, accountId)) ?? accountId,
      rows.map((row) => ({ ...toInvoice(row), statusText: statusText(t, row.status) })),
      language,
      t,
    ),
);

/**
 * `GET /api/invoices/export.csv`: the same list as the workbook, as CSV in the reader's
 * dialect and language (issue 37): dates as they write them, amounts with their decimal sign,
 * the upload time in their zone.
 */
export const getInvoicesCsv = invoiceExport('csv', ({ rows, language, t }, _db, caller) => {
  const amount = new Intl.NumberFormat(intlLocale(language), {
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
    useGrouping: false,
  });
  return toCsv(
    language,
    [
      t('invoices.column.number'),
      t('invoices.column.date'),
      t('invoices.column.dueDate'),
      t('invoices.column.amount'),
      t('invoice-xlsx.currency'),
      t('invoices.column.status'),
      t('invoices.column.uploadDate'),
    ],
    rows.map((row) => {
      const invoice = toInvoice(row);
      return [
        invoice.number,
        formatDay(invoice.date, language),
        formatDay(invoice.dueDate, language),
        amount.format(Number(invoice.amount)),
        invoice.currency,
        statusText(t, row.status),
        formatDateTime(new Date(invoice.uploadedAt), language, caller.timeZone),
      ];
    }),
  );
});

/**
 * `GET /api/invoices/:id/pdf`. An invoice of an account the caller may not see is a 404,
 * exactly like one that does not exist (IDOR); vendor employees may open any, partners those
 * of the accounts they serve.
 */
export async function getInvoicePdf(
  db: Queryable,
  caller: AccountCaller,
  id: string,
  now: Date = new Date(),
): Promise<{ fileName: string; body: Buffer }> {
  assertInvoiceAccess(caller);
  const row = await findInvoiceDocument(db, id, todayOf(now), null);
  // The same 404 for an invoice of an account the caller may not see (ADR 0023, 0070).
  if (!row || !(await mayViewAccount(db, caller, row.account_id)))
    throw new NotFoundError(`There is no invoice with id ${id}.`);
  const lines = await findInvoiceLines(db, row.id);
  const { language, t } = await readerOf(db, caller);
  const body = await invoicePdf(
    {
      number: row.number,
      date: row.issued_on,
      dueDate: row.due_on,
      paidOn: row.paid_on,
      status: statusText(t, row.status),
      currency: row.currency.trim(),
      net: majorUnits(row.net_minor),
      vat: majorUnits(row.vat_minor),
      vatPercent: Number(row.vat_percent),
      amount: majorUnits(row.amount_minor),
      customer: {
        name: row.account_name,
        customerId: row.enterprise_customer_id,
        addressLines: [row.street, [row.postal_code, row.city].filter(Boolean).join(' ')].filter(
          (line): line is string => typeof line === 'string' && line !== '',
        ),
        country: row.country,
        vatNumber: row.vat_number,
      },
      lines: lines.map((line) => ({
        description: line.description,
        itemCode: line.item_code,
        period: line.period,
        quantity: line.quantity,
        unitPrice: majorUnits(line.unit_price_minor),
        amount: majorUnits(line.amount_minor),
      })),
    },
    language,
    t,
  );
  return { fileName: `${row.number}.pdf`, body };
}
