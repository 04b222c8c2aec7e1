import type { QueryClient } from '@tanstack/react-query';
import { invoiceAccessQueryOptions } from '../features/invoices/api/invoice-access.js';
import { invoiceListQueryOptions } from '../features/invoices/api/invoice-list.js';
import { readInvoiceUrlState } from '../features/invoices/hooks/use-invoice-url-state.js';
import { productListQueryOptions } from '../features/my-solutions/api/products.js';

/**
 * The first requests of the two other pages the server paints (ADR 0057), started beside the
 * page's code (first-requests.ts). The invoice list only once access is granted: a user
 * without it gets the page's no-access state, not a refused call.
 */
const ignore = (): undefined => undefined;

/** Settles once the page's code and its calls have (whatever the outcome). */
export function startInvoiceRequests(queryClient: QueryClient, search: string): Promise<unknown> {
  const state = readInvoiceUrlState(search);
  return Promise.all([
    import('../features/invoices/invoices.route.js').catch(ignore),
    queryClient
      .query(invoiceAccessQueryOptions())
      .then((access) =>
        access.granted ? queryClient.query(invoiceListQueryOptions(state, true)) : undefined,
      )
      .catch(ignore),
  ]);
}

export function startMySolutionsRequests(queryClient: QueryClient): Promise<unknown> {
  return Promise.all([
    import('../features/my-solutions/my-solutions.route.js').catch(ignore),
    queryClient.query(productListQueryOptions()).catch(ignore),
  ]);
}
