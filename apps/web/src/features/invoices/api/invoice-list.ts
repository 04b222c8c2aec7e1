import {
  INVOICE_DEFAULT_PAGE_SIZE,
  invoiceListSchema,
  type Invoice,
} from '@portico/contracts/invoices';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { endpointUrl } from '../../../config/runtime-config.js';
import { httpGetWithTotal } from '../../../lib/http/http-client.js';
import type { InvoiceUrlState } from '../hooks/use-invoice-url-state.js';
import { shownByCaller } from '../../../lib/http/failure-handling.js';

/** §9: the shared pagination's 20 a page. */
export const INVOICE_PAGE_SIZE = INVOICE_DEFAULT_PAGE_SIZE;

export interface InvoiceListPage {
  items: Invoice[];
  /** X-Total-Count: every invoice matching the filters. */
  total: number;
}

/** The query of `GET {api}/invoices` and of its XLSX and CSV exports (no paging for those). */
export function invoiceQuery(state: InvoiceUrlState) {
  return {
    sort: state.sort,
    order: state.order,
    status: state.status,
    startDate: state.startDate,
    endDate: state.endDate,
    accountId: state.accountId,
  };
}

export async function fetchInvoiceList(
  state: InvoiceUrlState,
  signal?: AbortSignal,
): Promise<InvoiceListPage> {
  // The list is the page's data: a failure is its error state with a retry (issue 27).
  const result = await httpGetWithTotal(endpointUrl('invoices'), invoiceListSchema, {
    query: { ...invoiceQuery(state), page: state.page, size: INVOICE_PAGE_SIZE },
    ...(signal ? { signal } : {}),
  });
  return { items: result.data, total: result.total };
}

export function invoiceListQueryOptions(state: InvoiceUrlState, enabled: boolean) {
  return queryOptions({
    queryKey: ['invoices', 'list', state] as const,
    queryFn: ({ signal }) => fetchInvoiceList(state, signal),
    meta: shownByCaller,
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** A page of invoices; waits until access is known, so nina's page makes no list call. */
export function useInvoiceList(state: InvoiceUrlState, enabled: boolean) {
  return useQuery(invoiceListQueryOptions(state, enabled));
}
