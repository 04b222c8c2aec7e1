import { z } from 'zod';
import { displayNameSchema } from './display-name.js';
import {
  ACCOUNT_ID_PATTERN,
  failWith,
  isRealIsoDate,
  singleQueryValue,
  wholeNumberOf,
} from './query-values.js';

/**
 * §3 Invoice statuses. OPEN_DIRECT_DEBIT is the spec's "OPEN (DIRECT DEBIT)" (the text is a
 * label). OVERDUE is never stored: an unpaid invoice whose due date has passed is OVERDUE.
 */
export const invoiceStatusSchema = z.enum(['OVERDUE', 'OPEN', 'OPEN_DIRECT_DEBIT', 'PAID']);
export type InvoiceStatus = z.infer<typeof invoiceStatusSchema>;
export const INVOICE_STATUSES = invoiceStatusSchema.options;

/** §9 Invoice sorts: amount, invoice number, status (overdue, open, paid), due date, upload date. */
export const invoiceSortSchema = z.enum(['amount', 'number', 'status', 'dueDate', 'uploadDate']);
export type InvoiceSort = z.infer<typeof invoiceSortSchema>;
export const INVOICE_SORTS = invoiceSortSchema.options;

export const sortOrderSchema = z.enum(['asc', 'desc']);
export type SortOrder = z.infer<typeof sortOrderSchema>;

/** The permission that lets a customer's or partner's user see the account's invoices (ADR 0023). */
export const INVOICES_PERMISSION = 'INVOICES';

/** §3 Invoice, as the list returns it. Dates are ISO yyyy-mm-dd; amount is a decimal string. */
export const invoiceSchema = z.object({
  id: z.string(),
  number: z.string(),
  date: z.string(),
  dueDate: z.string(),
  /** When the invoice was uploaded to the portal (ISO date-time, UTC). */
  uploadedAt: z.string(),
  /** Total including VAT, in major units with two decimals ("12500.00"). */
  amount: z.string(),
  /** ISO 4217 code. */
  currency: z.string().length(3),
  status: invoiceStatusSchema,
});
export type Invoice = z.infer<typeof invoiceSchema>;
export const invoiceListSchema = z.array(invoiceSchema);

/** An account whose invoices the caller may see (`GET /api/invoices/accounts`). */
export const invoiceAccountSchema = z.object({ id: z.string(), name: displayNameSchema });
export type InvoiceAccount = z.infer<typeof invoiceAccountSchema>;
export const invoiceAccountListSchema = z.array(invoiceAccountSchema);

/** The path parameter of `GET /api/invoices/:id/pdf`: ids are whole numbers (bigint identities). */
export const invoiceIdParamsSchema = z.object({
  id: z.string().regex(/^\d+$/, { error: 'The invoice id must be a whole number.' }),
});

/** `GET /api/invoices/:id/pdf`: the invoice as a PDF document. */
export const invoicePdfSchema = z
  .string()
  .meta({ format: 'binary' })
  .describe('The invoice as a PDF document (application/pdf).');

export const INVOICE_DEFAULT_PAGE_SIZE = 20; // §9 default page size
export const INVOICE_MAX_PAGE_SIZE = 100;
export const INVOICE_MAX_PAGE = 100_000;
/** Spreadsheet exports stop here (a list this long is not read in a spreadsheet by hand). */
export const INVOICE_EXPORT_LIMIT = 10_000;

/** `GET /api/invoices/export.xlsx`: the filtered, sorted list as a workbook. */
export const invoicesXlsxSchema = z
  .string()
  .meta({ format: 'binary' })
  .describe(
    `An Excel workbook (XLSX): the filtered, sorted invoices (at most ${INVOICE_EXPORT_LIMIT}), one per row.`,
  );

/** `GET /api/invoices/export.csv`: the same list as CSV in the reader's dialect (issue 37). */
export const invoicesCsvSchema = z
  .string()
  .describe(
    `CSV: a header row, then the filtered, sorted invoices (at most ${INVOICE_EXPORT_LIMIT}), one per row; separated by semicolons with a byte-order mark for languages that write a decimal comma, by commas otherwise.`,
  );

/**
 * The query string of `GET /api/invoices` (and its `.xlsx` export): `sort` (§9 key, default
 * uploadDate), `order` (asc|desc, default desc), `status` (one or more statuses separated by
 * commas), `startDate`/`endDate` (invoice date, inclusive ISO dates), `page`, `size`, and
 * `accountId` (vendor employees only; others may name only their own account).
 */
export const invoiceListQuerySchema = z
  .object({
    sort: singleQueryValue('sort'),
    order: singleQueryValue('order'),
    status: singleQueryValue('status'),
    startDate: singleQueryValue('startDate'),
    endDate: singleQueryValue('endDate'),
    page: singleQueryValue('page'),
    size: singleQueryValue('size'),
    accountId: singleQueryValue('accountId'),
  })
  .transform((raw, ctx) => {
    const fail = failWith(ctx);
    const sort = invoiceSortSchema.safeParse(raw.sort || 'uploadDate');
    if (!sort.success) return fail(`sort must be one of ${INVOICE_SORTS.join(', ')}`);
    const order = sortOrderSchema.safeParse(raw.order || 'desc');
    if (!order.success) return fail('order must be asc or desc');

    const statuses: InvoiceStatus[] = [];
    for (const part of (raw.status ?? '').split(',')) {
      const value = part.trim();
      if (value === '') continue;
      const status = invoiceStatusSchema.safeParse(value);
      if (!status.success)
        return fail(`status must be one or more of ${INVOICE_STATUSES.join(', ')}`);
      if (!statuses.includes(status.data)) statuses.push(status.data);
    }

    const startDate = raw.startDate || undefined;
    const endDate = raw.endDate || undefined;
    if (startDate !== undefined && !isRealIsoDate(startDate))
      return fail('startDate must be a date written as yyyy-mm-dd');
    if (endDate !== undefined && !isRealIsoDate(endDate))
      return fail('endDate must be a date written as yyyy-mm-dd');
    if (startDate !== undefined && endDate !== undefined && startDate > endDate)
      return fail('startDate must not be after endDate');

    const page = wholeNumberOf(raw.page, 1);
    if (page === undefined || page < 1 || page > INVOICE_MAX_PAGE)
      return fail(`page must be a whole number from 1 to ${INVOICE_MAX_PAGE}`);
    const size = wholeNumberOf(raw.size, INVOICE_DEFAULT_PAGE_SIZE);
    if (size === undefined || size < 1 || size > INVOICE_MAX_PAGE_SIZE)
      return fail(`size must be a whole number from 1 to ${INVOICE_MAX_PAGE_SIZE}`);

    const accountId = raw.accountId || undefined;
    if (accountId !== undefined && !ACCOUNT_ID_PATTERN.test(accountId))
      return fail('accountId is not an account id');

    return {
      sort: sort.data,
      order: order.data,
      statuses,
      page,
      size,
      ...(startDate === undefined ? {} : { startDate }),
      ...(endDate === undefined ? {} : { endDate }),
      ...(accountId === undefined ? {} : { accountId }),
    };
  });
export type InvoiceListCriteria = z.output<typeof invoiceListQuerySchema>;

/** `accountId` alone (the accounts list, a PDF): optional, vendor employees only. */
export const accountScopeQuerySchema = z
  .object({ accountId: singleQueryValue('accountId') })
  .transform((raw, ctx) => {
    const accountId = raw.accountId || undefined;
    if (accountId !== undefined && !ACCOUNT_ID_PATTERN.test(accountId)) {
      ctx.addIssue({ code: 'custom', message: 'accountId is not an account id' });
      return z.NEVER;
    }
    return accountId === undefined ? {} : { accountId };
  });
export type AccountScopeQuery = z.output<typeof accountScopeQuerySchema>;
