import { invoiceAccountListSchema, type InvoiceAccount } from '@portico/contracts/invoices';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { endpointUrl } from '../../../config/runtime-config.js';
import { httpGet } from '../../../lib/http/http-client.js';
import { HttpError } from '../../../lib/http/http-error.js';
import { shownByCaller } from '../../../lib/http/failure-handling.js';

/** Whether the caller may see invoices and, if so, of which accounts (ADR 0023). */
export type InvoiceAccess = { granted: true; accounts: InvoiceAccount[] } | { granted: false };

/**
 * `GET {api}/invoices/accounts`. A 403 is not an error to report but an answer: the page then
 * shows its no-access state. Any other failure is thrown: the page shows it as its error
 * state with a retry (issue 27, ADR 0049).
 */
export async function fetchInvoiceAccess(signal?: AbortSignal): Promise<InvoiceAccess> {
  try {
    const accounts = await httpGet(
      endpointUrl('invoices', 'accounts'),
      invoiceAccountListSchema,
      signal ? { signal } : {},
    );
    return { granted: true, accounts };
  } catch (error) {
    if (!signal?.aborted && error instanceof HttpError && error.status === 403) {
      return { granted: false };
    }
    throw error;
  }
}

export const invoiceAccessQueryOptions = () =>
  queryOptions({
    queryKey: ['invoices', 'access'] as const,
    queryFn: ({ signal }) => fetchInvoiceAccess(signal),
    meta: shownByCaller,
  });

export function useInvoiceAccess() {
  return useQuery(invoiceAccessQueryOptions());
}
