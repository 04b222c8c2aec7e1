import { INVOICE_STATUSES, type InvoiceSort } from '@portico/contracts/invoices';
import { userType } from '@portico/contracts/user';
import { useId } from 'react';
import { AccountPicker } from '../../../components/account-picker/account-picker.js';
import {
  accountInView,
  nameOf,
  usePickerAvailable,
  useRecentAccounts,
  useRecordAccountInView,
} from '../../../components/account-picker/account-picker-api.js';
import { QueryErrorState } from '../../../components/ui/error-state/error-state.js';
import { DateFilter } from '../../../components/ui/date-filter/date-filter.js';
import type { DateRange } from '../../../components/ui/date-filter/date-range.js';
import { Pagination } from '../../../components/ui/pagination/pagination.js';
import { Toolbar } from '../../../components/ui/toolbar/toolbar.js';
import { useFormat } from '../../../lib/format/use-format.js';
import { useProfile } from '../../../lib/profile/profile-query.js';
import { useT } from '../../../lib/labels/use-t.js';
import { useInvoiceAccess } from '../api/invoice-access.js';
import {
  useDownloadInvoiceList,
  useDownloadInvoicePdf,
  type InvoiceListFormat,
} from '../api/invoice-files.js';
import { INVOICE_PAGE_SIZE, useInvoiceList } from '../api/invoice-list.js';
import { useInvoiceNavigation, useInvoiceUrlState } from '../hooks/use-invoice-url-state.js';
import { InvoiceTable } from './invoice-table.js';
import '../invoices.labels.js';
import '../../../components/ui/ui.css';
import '../invoices.css';
import { SecondaryButton } from '../../../components/ui/button/secondary-button.js';

/** The list's downloads, in the toolbar's order (issue 37 added CSV). */
const LIST_FILES = [
  { format: 'xlsx', label: 'invoices.export' },
  { format: 'csv', label: 'invoices.export-csv' },
] as const satisfies readonly { format: InvoiceListFormat; label: string }[];

/**
 * Invoices (issue 14; §3 fields and statuses, §9 sorts): the account's invoices with status,
 * date filters, sortable columns, the shared pagination, a PDF per invoice and the list as
 * XLSX or CSV. Vendor employees and partners pick the account (ADR 0070): the one in the address,
 * else the last one used. Users without access see a clear no-access state.
 */
export function InvoicesPage() {
  const t = useT();
  const format = useFormat();
  const urlState = useInvoiceUrlState();
  const goTo = useInvoiceNavigation();
  const access = useInvoiceAccess();
  const granted = access.data?.granted === true;
  const profile = useProfile();
  const type = profile ? userType(profile) : '';
  const canPick = usePickerAvailable(type);
  const recents = useRecentAccounts();
  useRecordAccountInView(urlState.accountId, recents.data);
  const state = { ...urlState, accountId: accountInView(urlState.accountId, recents.data) };
  const list = useInvoiceList(state, granted && recents.data !== undefined);
  const pdf = useDownloadInvoicePdf();
  const listFile = useDownloadInvoiceList();
  const statusId = useId();

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

  // Without the access answer (or which account to show) there is no page: the §8 text and
  // a retry (issue 27).
  const failed = access.isError ? access : recents.isError ? recents : undefined;
  if (failed) {
    return (
      <div className="invoices">
        <h1 className="ui-page-title">{t('invoices.title')}</h1>
        <QueryErrorState query={failed} />
      </div>
    );
  }

  // Until the access answer is in, only the title: the account's intro goes above the
  // toolbar, so a toolbar shown first would be pushed down when it arrives (issue 25, CLS).
  if (access.isPending || recents.data === undefined) {
    return (
      <div className="invoices">
        <h1 className="ui-page-title">{t('invoices.title')}</h1>
        <p className="ui-visually-hidden" role="status">
          {t('toolbar.loading')}
        </p>
      </div>
    );
  }

  const own = recents.data.own;
  const current = { id: state.accountId ?? own.id, name: nameOf(state.accountId, recents.data) };
  const result = list.data;
  const settled = list.isSuccess && !list.isPlaceholderData;
  const items = result?.items ?? [];
  const total = result?.total ?? 0;
  const filtered =
    state.status !== undefined || state.startDate !== undefined || state.endDate !== undefined;

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
      {current.name !== undefined && (
        <p className="invoices__intro">{t('invoices.intro', { account: current.name })}</p>
      )}
      {canPick && (
        <AccountPicker
          key={current.id}
          userType={type}
          current={{ id: current.id, name: current.name ?? current.id }}
          own={own}
          recent={recents.data.recent}
          onPick={(account) => goTo({ ...urlState, accountId: account.id, page: 1 })}
        />
      )}
      <Toolbar
        count={result ? total : undefined}
        loading={access.isFetching || list.isFetching}
        countLabel="invoices.count"
      >
        <div className="invoices__filters">
          <div className="invoices__field">
            <label htmlFor={statusId}>{t('invoices.status.filter')}</label>
            <select
              id={statusId}
              className="ui-control"
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
          {LIST_FILES.map(({ format, label }) => (
            <SecondaryButton
              key={format}
              disabled={!granted || total === 0}
              aria-busy={listFile.isPending && listFile.variables.format === format}
              onClick={() => {
                if (!listFile.isPending) listFile.mutate({ state, format });
              }}
            >
              {t(label)}
            </SecondaryButton>
          ))}
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
      {list.isError && <QueryErrorState query={list} />}
      {settled && result && items.length === 0 && (
        <InvoicesEmpty
          filtered={filtered}
          canPick={canPick}
          onClear={() =>
            goTo({ ...state, status: undefined, startDate: undefined, endDate: undefined, page: 1 })
          }
        />
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

/**
 * Why the list is empty and what to do (issue 37): filters that match nothing can be
 * cleared; an account without invoices names itself, and whoever can pick another is told so.
 */
function InvoicesEmpty({
  filtered,
  canPick,
  onClear,
}: {
  filtered: boolean;
  canPick: boolean;
  onClear: () => void;
}) {
  const t = useT();
  return (
    <section className="ui-panel invoices__empty" aria-labelledby="invoices-empty">
      <div role="status">
        <h2 id="invoices-empty">{t(filtered ? 'invoices.empty' : 'invoices.empty.none')}</h2>
      </div>
      {filtered ? (
        <SecondaryButton onClick={onClear}>{t('invoices.clear-filters')}</SecondaryButton>
      ) : (
        canPick && <p>{t('invoices.empty.pick')}</p>
      )}
    </section>
  );
}
