import {
  INVOICE_SORTS,
  INVOICE_STATUSES,
  type InvoiceSort,
  type InvoiceStatus,
  type SortOrder,
} from '@portico/contracts/invoices';
import { pageOfParam } from '@portico/contracts/paths';
import { useCallback, useMemo } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { isValidIsoDate } from '../../../components/ui/date-filter/date-range.js';
import { paths } from '../../../config/paths.js';

/** The invoice list's state; all of it lives in the address, so a view can be shared. */
export interface InvoiceUrlState {
  sort: InvoiceSort;
  order: SortOrder;
  /** One status, or undefined for all. */
  status: InvoiceStatus | undefined;
  startDate: string | undefined;
  endDate: string | undefined;
  page: number;
  /** Vendor employees' chosen account; undefined = the caller's own. */
  accountId: string | undefined;
}

export const DEFAULT_SORT: InvoiceSort = 'uploadDate';
export const DEFAULT_ORDER: SortOrder = 'desc';

const oneOf = <T extends string>(options: readonly T[], value: string | null): T | undefined =>
  options.find((option) => option === value);

/** Reads the state from a query string; anything unknown falls back to its default. */
export function readInvoiceUrlState(search: string): InvoiceUrlState {
  const params = new URLSearchParams(search);
  const date = (name: string) => {
    const value = params.get(name);
    return isValidIsoDate(value) ? value : undefined;
  };
  return {
    sort: oneOf(INVOICE_SORTS, params.get('sort')) ?? DEFAULT_SORT,
    order: oneOf(['asc', 'desc'] as const, params.get('order')) ?? DEFAULT_ORDER,
    status: oneOf(INVOICE_STATUSES, params.get('status')),
    startDate: date('startDate'),
    endDate: date('endDate'),
    page: pageOfParam(params.get('page')) ?? 1,
    accountId: params.get('accountId') || undefined,
  };
}

export function useInvoiceUrlState(): InvoiceUrlState {
  const { search } = useLocation();
  return useMemo(() => readInvoiceUrlState(search), [search]);
}

/** Navigates to the list with a new state (the page is part of it). */
export function useInvoiceNavigation() {
  const navigate = useNavigate();
  return useCallback(
    (state: InvoiceUrlState) => {
      void navigate(
        paths.invoices({
          sort: state.sort === DEFAULT_SORT ? undefined : state.sort,
          order: state.order === DEFAULT_ORDER ? undefined : state.order,
          status: state.status,
          startDate: state.startDate,
          endDate: state.endDate,
          page: state.page === 1 ? undefined : state.page,
          accountId: state.accountId,
        }),
      );
    },
    [navigate],
  );
}
