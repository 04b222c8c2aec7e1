import type { QueryClient } from '@tanstack/react-query';
import {
  accountInView,
  recentAccountsQueryOptions,
} from '../components/account-picker/account-picker-api.js';
import { invoiceAccessQueryOptions } from '../features/invoices/api/invoice-access.js';
import { invoiceListQueryOptions } from '../features/invoices/api/invoice-list.js';
import { readInvoiceUrlState } from '../features/invoices/hooks/use-invoice-url-state.js';

/**
 * The first requests of `/invoices`, painted by the server (ADR 0057), started beside the
 * page's code (first-requests.ts). Its calls check their answers with zod at once (their
 * endpoint may be another origin, ADR 0050), so this is a module of its own, loaded on that
 * address only. The invoice list only once access is granted: a user without it gets the
 * page's no-access state, not a refused call; and for the account in view, the last one used
 * unless the address names one (ADR 0070).
 */
const ignore = (): undefined => undefined;

/** Settles once the page's code and its calls have (whatever the outcome). */
export function startInvoiceRequests(queryClient: QueryClient, search: string): Promise<unknown> {
  const named = readInvoiceUrlState(search);
  return Promise.all([
    import('../features/invoices/invoices.route.js').catch(ignore),
    Promise.all([
      queryClient.query(invoiceAccessQueryOptions()),
      queryClient.query(recentAccountsQueryOptions()),
    ])
      .then(([access, recents]) =>
        access.granted
          ? queryClient.query(
              invoiceListQueryOptions(
                { ...named, accountId: accountInView(named.accountId, recents) },
                true,
              ),
            )
          : undefined,
      )
      .catch(ignore),
  ]);
}
