import type { Invoice, InvoiceSort, SortOrder } from '@portico/contracts';
import { CardTable } from '../../../components/ui/card-table/card-table.js';
import { RowAction } from '../../../components/ui/card-table/row-action.js';
import type { Format } from '../../../lib/format/format.js';
import { useT } from '../../../lib/labels/use-t.js';
import { InvoiceStatusBadge } from './invoice-status-badge.js';

interface Column {
  key: 'number' | 'date' | 'dueDate' | 'uploadDate' | 'amount' | 'status';
  /** The §9 sort this column's header applies, if any (invoice date is not a §9 sort). */
  sort?: InvoiceSort;
  numeric?: boolean;
}

const COLUMNS: readonly Column[] = [
  { key: 'number', sort: 'number' },
  { key: 'date' },
  { key: 'dueDate', sort: 'dueDate' },
  { key: 'uploadDate', sort: 'uploadDate' },
  { key: 'amount', sort: 'amount', numeric: true },
  { key: 'status', sort: 'status' },
];

export interface InvoiceTableProps {
  invoices: readonly Invoice[];
  sort: InvoiceSort;
  order: SortOrder;
  /** Invoice and due dates are calendar days; the upload is a moment in the user's zone. */
  format: Format;
  busy: boolean;
  onSort: (sort: InvoiceSort) => void;
  onDownload: (invoice: Invoice) => void;
  /** The invoice whose PDF is being fetched (its button is busy). */
  downloadingId: string | undefined;
}

/**
 * The invoice list as a table. Sortable columns have a button in their header and say their
 * order with aria-sort; the caption names the current sort for screen readers. Up to 768 px
 * each invoice is a card (issue 37): amount, status and PDF on the screen, not beside it.
 */
export function InvoiceTable({
  invoices,
  sort,
  order,
  format,
  busy,
  onSort,
  onDownload,
  downloadingId,
}: InvoiceTableProps) {
  const t = useT();
  const sortColumn = COLUMNS.find((column) => column.sort === sort);
  // On a phone each row is a card whose cells name their column (ui.css .ui-card-table).
  const label = (key: Column['key']) => t(`invoices.column.${key}`);
  return (
    <CardTable
      name={{
        caption: t('invoices.table.caption', {
          sort: t(`invoices.column.${sortColumn?.key ?? 'uploadDate'}`),
          order: t(`invoices.order.${order}`),
        }),
        hidden: true,
      }}
      scrollerClassName="invoices__scroller"
      className="invoices__table"
      busy={busy}
      head={
        <thead>
          <tr>
            {COLUMNS.map((column) => {
              const active = column.sort !== undefined && column.sort === sort;
              return (
                <th
                  key={column.key}
                  scope="col"
                  className={column.numeric ? 'invoices__numeric' : undefined}
                  aria-sort={active ? (order === 'asc' ? 'ascending' : 'descending') : undefined}
                >
                  {column.sort === undefined ? (
                    t(`invoices.column.${column.key}`)
                  ) : (
                    <button
                      type="button"
                      className="invoices__sort"
                      data-sort={column.sort}
                      onClick={() => column.sort && onSort(column.sort)}
                    >
                      {t(`invoices.column.${column.key}`)}
                      <span aria-hidden="true" className="invoices__sort-mark">
                        {active ? (order === 'asc' ? '▲' : '▼') : '↕'}
                      </span>
                    </button>
                  )}
                </th>
              );
            })}
            <th scope="col">
              <span className="ui-visually-hidden">{t('invoices.column.download')}</span>
            </th>
          </tr>
        </thead>
      }
    >
      {invoices.map((invoice) => (
        <tr key={invoice.id} data-invoice-id={invoice.id}>
          <th scope="row" data-label={label('number')}>
            {invoice.number}
          </th>
          <td data-label={label('date')}>{format.calendarDate(invoice.date, 'medium')}</td>
          <td data-label={label('dueDate')}>{format.calendarDate(invoice.dueDate, 'medium')}</td>
          <td data-label={label('uploadDate')}>{format.dateTime(invoice.uploadedAt)}</td>
          <td className="invoices__numeric" data-label={label('amount')}>
            {format.currency(invoice.amount, invoice.currency)}
          </td>
          <td data-label={label('status')}>
            <InvoiceStatusBadge status={invoice.status} />
          </td>
          <RowAction
            label={t('invoices.pdf.label', { number: invoice.number })}
            busy={downloadingId === invoice.id}
            onClick={() => onDownload(invoice)}
          >
            {t('invoices.pdf')}
          </RowAction>
        </tr>
      ))}
    </CardTable>
  );
}
