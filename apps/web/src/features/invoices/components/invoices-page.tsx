import { INVOICE_STATUSES, type InvoiceSort } from '@portico/contracts/invoices';
import { useId } from 'react';
import { ErrorState } from '../../../components/ui/error-state/error-state.js';
import { DateFilter } from '../../../components/ui/date-filter/date-filter.js';
import type { DateRange } from '../../../components/ui/date-filter/date-range.js';
import { Pagination } from '../../../components/ui/pagination/pagination.js';
import { Toolbar } from '../../../components/ui/toolbar/toolbar.js';
import { useFirstPaintHold } from '../../../lib/auth/first-paint.js';
import { useFormat } from '../../../lib/format/use-format.js';
import { useT } from '../../../lib/labels/use-t.js';
import { useInvoiceAccess } from '../api/invoice-access.js';
import { useDownloadInvoiceList, useDownloadInvoicePdf } from '../api/invoice-files.js';
import { INVOICE_PAGE_SIZE, useInvoiceList } from '../api/invoice-list.js';
import { useInvoiceNavigation, useInvoiceUrlState } from '../hooks/use-invoice-url-state.js';
import { InvoiceTable } from './invoice-table.js';
import '../invoices.labels.js';
import '../../../components/ui/ui.css';
import '../invoices.css';

/**
 * Invoices (issue 14; §3 fields and statuses, §9 sorts): the account's invoices with status,
 * date filters, sortable columns, the shared pagination, a PDF per invoice and the list as
 * XLSX. Vendor employees pick the account. Users without access see a clear no-access state.
 */
export function InvoicesPage() {
  const t = useT();
  const format = useFormat();
  const state = useInvoiceUrlState();
  const goTo = useInvoiceNavigation();
  const access = useInvoiceAccess();
  const granted = access.data?.granted === true;
  const list = useInvoiceList(state, granted);
  // The server's picture of this page (ADR 0057) stays until the page's own data is in.
  useFirstPaintHold(
    access.isError || access.data?.granted === false || list.data !== undefined || list.isError,
  );
  const pdf = useDownloadInvoicePdf();
  const xlsx = useDownloadInvoiceList();
  const statusId = useId();
  const accountId = useId();

  if (access.data?.granted === false) {
    return (
      <div className="invoices">
        <h1 className="ui-page-title">{t('invoices.title')}</h1>
        <section className="ui-panel invoices__no-access" aria-labelledby="invoices-no-access">
          <h2 id="invoices-no-access">{t('invoices.no-access.title')}</h2>
          <p>{t('invoices.no-access.text')}</p>
        </section>
      </div>
    );
  }

  // Without the access answer there is no page: the §8 text and a retry (issue 27).
  if (access.isError) {
    return (
      <div className="invoices">
        <h1 className="ui-page-title">{t('invoices.title')}</h1>
        <ErrorState
          error={access.error}
          retrying={access.isFetching}
          onRetry={() => void access.refetch()}
        />
      </div>
    );
  }

  // Until the access answer is in, only the title: the account's intro goes above the
  // toolbar, so a toolbar shown first would be pushed down when it arrives (issue 25, CLS).
  if (access.isPending) {
    return (
      <div className="invoices">
        <h1 className="ui-page-title">{t('invoices.title')}</h1>
        <p className="ui-visually-hidden" role="status">
          {t('toolbar.loading')}
        </p>
      </div>
    );
  }

  const accounts = access.data.accounts;
  const currentAccount = accounts.find((account) => account.id === state.accountId) ?? accounts[0];
  const result = list.data;
  const settled = list.isSuccess && !list.isPlaceholderData;
  const items = result?.items ?? [];
  const total = result?.total ?? 0;

  const onSort = (sort: InvoiceSort) =>
    goTo({
      ...state,
      sort,
      order: sort === state.sort && state.order === 'asc' ? 'desc' : 'asc',
      page: 1,
    });
  const onDates = (range: DateRange) => goTo({ ...state, ...range, page: 1 });

  return (
    <div className="invoices">
      <h1 className="ui-page-title">{t('invoices.title')}</h1>
      {currentAccount && (
        <p className="invoices__intro">{t('invoices.intro', { account: currentAccount.name })}</p>
      )}
      <Toolbar
        count={result ? total : undefined}
        loading={access.isFetching || list.isFetching}
        countLabel="invoices.count"
      >
        <div className="invoices__filters">
          {accounts.length > 1 && (
            <div className="invoices__field">
              <label htmlFor={accountId}>{t('invoices.account')}</label>
              <select
                id={accountId}
                value={currentAccount?.id ?? ''}
                onChange={(event) =>
                  goTo({ ...state, accountId: event.target.value || undefined, page: 1 })
                }
              >
                {accounts.map((account) => (
                  <option key={account.id} value={account.id}>
                    {account.name}
                  </option>
                ))}
              </select>
            </div>
          )}
          <div className="invoices__field">
            <label htmlFor={statusId}>{t('invoices.status.filter')}</label>
            <select
              id={statusId}
              value={state.status ?? ''}
              onChange={(event) =>
                goTo({
                  ...state,
                  status: INVOICE_STATUSES.find((s) => s === event.target.value),
                  page: 1,
                })
              }
            >
              <option value="">{t('invoices.status.all')}</option>
              {INVOICE_STATUSES.map((status) => (
                <option key={status} value={status}>
                  {t(`invoices.status.${status}`)}
                </option>
              ))}
            </select>
          </div>
          <DateFilter startDate={state.startDate} endDate={state.endDate} onChange={onDates} />
          <button
            type="button"
            className="ui-button ui-button--secondary"
            disabled={!granted || total === 0}
            aria-busy={xlsx.isPending}
            onClick={() => {
              if (!xlsx.isPending) xlsx.mutate(state);
            }}
          >
            {t('invoices.export')}
          </button>
        </div>
      </Toolbar>

      {items.length > 0 && (
        <InvoiceTable
          invoices={items}
          sort={state.sort}
          order={state.order}
          format={format}
          busy={list.isFetching}
          onSort={onSort}
          downloadingId={pdf.isPending ? pdf.variables.id : undefined}
          onDownload={(invoice) => {
            if (!pdf.isPending) pdf.mutate(invoice);
          }}
        />
      )}
      {list.isError && (
        <ErrorState
          error={list.error}
          retrying={list.isFetching}
          onRetry={() => void list.refetch()}
        />
      )}
      {settled && result && items.length === 0 && (
        <p className="invoices__empty" role="status">
          {t('invoices.empty')}
        </p>
      )}
      <Pagination
        currentPage={state.page}
        pageSize={INVOICE_PAGE_SIZE}
        totalResults={total}
        onPageChange={(page) => goTo({ ...state, page })}
        scrollToTop
      />
    </div>
  );
}
