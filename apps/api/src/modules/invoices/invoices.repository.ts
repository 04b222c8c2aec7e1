import type { InvoiceStatus } from '@portico/contracts';
import { rowBy, rowsBy, type Queryable } from '../../db/db.js';

/** An invoice as a writer (seed, benchmark) hands it over. Amounts in minor units. */
export interface NewInvoice {
  accountId: string;
  number: string;
  issuedOn: string;
  dueOn: string;
  uploadedAt: Date;
  currency: string;
  netMinor: number;
  vatMinor: number;
  /** The VAT rate in per cent (25, 20, 8.1): printed on the PDF (issue 37). */
  vatPercent: number;
  directDebit: boolean;
  paidAt: Date | null;
  lines: readonly {
    position: number;
    /** The English text; what the PDF prints for a line without an item code. */
    description: string;
    /** A known item (`invoice-item.<code>` names it in the reader's language), if any. */
    itemCode?: string;
    /** The month (yyyy-mm-01) a subscription line covers, if any. */
    period?: string;
    quantity: number;
    unitPriceMinor: number;
    amountMinor: number;
  }[];
}

/**
 * Stores invoices and their lines in two statements whatever the count (unnest over one
 * array per column). Returns the new ids in the order of `items`.
 */
export async function insertInvoices(
  db: Queryable,
  items: readonly NewInvoice[],
): Promise<string[]> {
  if (items.length === 0) return [];
  const column = <T>(pick: (item: NewInvoice) => T): T[] => items.map(pick);
  const { rows } = await db.query<{ id: string }>(
    /* sql */ `
    insert into invoices (account_id, number, issued_on, due_on, uploaded_at, currency, net_minor,
                          vat_minor, amount_minor, direct_debit, paid_at, vat_percent)
    select account_id, number, issued_on, due_on, uploaded_at, currency, net, vat, net + vat,
           direct_debit, paid_at, vat_percent
      from unnest($1::text[], $2::text[], $3::date[], $4::date[], $5::timestamptz[], $6::text[],
                  $7::bigint[], $8::bigint[], $9::boolean[], $10::timestamptz[], $11::numeric[])
           with ordinality as i(account_id, number, issued_on, due_on, uploaded_at, currency, net,
                                vat, direct_debit, paid_at, vat_percent, n)
     order by i.n
    returning id::text as id`,
    [
      column((item) => item.accountId),
      column((item) => item.number),
      column((item) => item.issuedOn),
      column((item) => item.dueOn),
      column((item) => item.uploadedAt.toISOString()),
      column((item) => item.currency),
      column((item) => item.netMinor),
      column((item) => item.vatMinor),
      column((item) => item.directDebit),
      column((item) => item.paidAt?.toISOString() ?? null),
      column((item) => item.vatPercent),
    ],
  );
  const ids = rows.map((row) => row.id);
  const lines = items.flatMap((item, index) =>
    item.lines.map((line) => ({ ...line, invoiceId: ids[index] })),
  );
  if (lines.length > 0) {
    await db.query(
      /* sql */ `
      insert into invoice_lines (invoice_id, position, description, quantity, unit_price_minor,
                                 amount_minor, item_code, period)
      select * from unnest($1::bigint[], $2::int[], $3::text[], $4::numeric[], $5::bigint[],
                           $6::bigint[], $7::text[], $8::date[])`,
      [
        lines.map((line) => line.invoiceId),
        lines.map((line) => line.position),
        lines.map((line) => line.description),
        lines.map((line) => line.quantity),
        lines.map((line) => line.unitPriceMinor),
        lines.map((line) => line.amountMinor),
        lines.map((line) => line.itemCode ?? null),
        lines.map((line) => line.period ?? null),
      ],
    );
  }
  return ids;
}

export interface InvoiceRow {
  id: string;
  account_id: string;
  number: string;
  issued_on: string;
  due_on: string;
  uploaded_at: string;
  currency: string;
  net_minor: string;
  vat_minor: string;
  amount_minor: string;
  status: InvoiceStatus;
}

/** Which invoices of one account (already authorised) a list or count asks for. */
export interface InvoiceFilter {
  accountId: string;
  /** Today as yyyy-mm-dd: an unpaid invoice due before it is OVERDUE. */
  today: string;
  statuses: readonly InvoiceStatus[];
  startDate?: string;
  endDate?: string;
  /** Only unpaid (false) or only paid (true) invoices: the two halves of the status sort. */
  paid?: boolean;
}

export type InvoiceOrder = 'amount' | 'number' | 'dueDate' | 'uploadDate';

const ORDER_COLUMNS: Record<InvoiceOrder, readonly string[]> = {
  amount: ['i.amount_minor', 'i.id'],
  number: ['i.number collate "C"'],
  dueDate: ['i.due_on', 'i.id'],
  uploadDate: ['i.uploaded_at', 'i.id'],
};

const STATUS_CONDITIONS: Record<InvoiceStatus, string> = {
  OVERDUE: 'paid_at is null and due_on < $2::date',
  OPEN: 'paid_at is null and due_on >= $2::date and not direct_debit',
  OPEN_DIRECT_DEBIT: 'paid_at is null and due_on >= $2::date and direct_debit',
  PAID: 'paid_at is not null',
};

/** The list columns; `t` is the table alias prefix ('' or 'i.'). $2 is today. */
const columns = (t = ''): string => /* sql */ `${t}id::text as id, ${t}account_id, ${t}number,
  ${t}issued_on::text as issued_on, ${t}due_on::text as due_on,
  to_char(${t}uploaded_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as uploaded_at,
  ${t}currency, ${t}net_minor::text as net_minor, ${t}vat_minor::text as vat_minor,
  ${t}amount_minor::text as amount_minor,
  case when ${t}paid_at is not null then 'PAID'
       when ${t}due_on < $2::date then 'OVERDUE'
       when ${t}direct_debit then 'OPEN_DIRECT_DEBIT'
       else 'OPEN' end as status`;

/** `where …` and its parameters; $1 is the account, $2 today (always bound, so status can use it). */
function whereOf(filter: InvoiceFilter): { where: string; params: unknown[] } {
  const params: unknown[] = [filter.accountId, filter.today];
  const conditions = ['account_id = $1'];
  if (filter.statuses.length > 0) {
    conditions.push(
      `(${filter.statuses.map((status) => `(${STATUS_CONDITIONS[status]})`).join(' or ')})`,
    );
  }
  if (filter.paid !== undefined)
    conditions.push(filter.paid ? 'paid_at is not null' : 'paid_at is null');
  if (filter.startDate !== undefined) {
    params.push(filter.startDate);
    conditions.push(`issued_on >= $${params.length}::date`);
  }
  if (filter.endDate !== undefined) {
    params.push(filter.endDate);
    conditions.push(`issued_on <= $${params.length}::date`);
  }
  // $2 must appear in the statement even when no status needs it (PostgreSQL infers its type).
  conditions.push('$2::date is not null');
  return { where: conditions.join(' and '), params };
}

/**
 * The caller's own account first, then (`others`: a vendor employee) every other account,
 * by name.
 */
export const listAccountsOwnFirst = rowsBy<
  { id: string; name: string },
  [ownAccountId: string, others: boolean]
>(
  `select id, name from accounts
    where id = $1 or $2
    order by id <> $1, name, id`,
);

/** One page of invoices in the order of one §9 key (the status sort is the service's). */
export async function listInvoices(
  db: Queryable,
  filter: InvoiceFilter,
  order: { by: InvoiceOrder; direction: 'asc' | 'desc' },
  limit: number,
  offset: number,
): Promise<InvoiceRow[]> {
  const { where, params } = whereOf(filter);
  const orderBy = ORDER_COLUMNS[order.by]
    .map((column) => `${column} ${order.direction}`)
    .join(', ');
  params.push(limit, offset);
  // Deferred join: the page's ids come from the sort's index alone (an index-only scan skips
  // the offset without reading the table), then only those rows are read (ADR 0024).
  const { rows } = await db.query<InvoiceRow>(
    `select ${columns('i.')}
       from (select i.id from invoices i where ${where} order by ${orderBy}
              limit $${params.length - 1} offset $${params.length}) page
       join invoices i on i.id = page.id
      order by ${orderBy}`,
    params,
  );
  return rows;
}

/** How many unpaid and paid invoices match (one scan; the total is their sum). */
export async function countInvoices(
  db: Queryable,
  filter: InvoiceFilter,
): Promise<{ unpaid: number; paid: number }> {
  const { where, params } = whereOf(filter);
  const { rows } = await db.query<{ unpaid: number | string; paid: number | string }>(
    `select count(*) filter (where paid_at is null) as unpaid,
            count(*) filter (where paid_at is not null) as paid
       from invoices i where ${where}`,
    params,
  );
  return { unpaid: Number(rows[0]?.unpaid ?? 0), paid: Number(rows[0]?.paid ?? 0) };
}

export interface InvoiceDocumentRow extends InvoiceRow {
  account_name: string;
  enterprise_customer_id: string | null;
  street: string | null;
  postal_code: string | null;
  city: string | null;
  country: string | null;
  vat_number: string | null;
  paid_on: string | null;
  /** The VAT rate in per cent, as text ("25.00"). */
  vat_percent: string;
}

/** One invoice with what its PDF prints; `accountId` null = any account (vendor employees). */
export const findInvoiceDocument = rowBy<
  InvoiceDocumentRow,
  [id: string, today: string, accountId: string | null]
>(
  `select ${columns('i.')},
          a.name as account_name, a.enterprise_customer_id, i.vat_percent::text as vat_percent,
          b.street, b.postal_code, b.city, b.country, b.vat_number,
          (i.paid_at at time zone 'UTC')::date::text as paid_on
     from invoices i
     join accounts a on a.id = i.account_id
     left join billing_addresses b on b.account_id = i.account_id
    where i.id = $1::bigint and $2::date is not null and ($3::text is null or i.account_id = $3)`,
);

export interface InvoiceLineRow {
  position: number;
  description: string;
  item_code: string | null;
  /** yyyy-mm-dd, or null. */
  period: string | null;
  quantity: string;
  unit_price_minor: string;
  amount_minor: string;
}

export const findInvoiceLines = rowsBy<InvoiceLineRow>(
  `select position, description, item_code, period::text as period, quantity::text as quantity,
          unit_price_minor::text as unit_price_minor, amount_minor::text as amount_minor
     from invoice_lines where invoice_id = $1::bigint order by position`,
);

/** Every account by name: the accounts a vendor employee may pick. */
