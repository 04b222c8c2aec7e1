import type { AccountChoice, RecentAccounts, UserType } from '@portico/contracts';
import { keepPreviousData, queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { apiUrl } from '../../config/runtime-config.js';
import { shownByCaller } from '../../lib/http/failure-handling.js';
import { deferredSchema } from '../../lib/http/deferred-schema.js';
import { httpGet, httpSendNoContent } from '../../lib/http/http-client.js';

// /cloud and /invoices are painted by the server and taken over without zod (ADR 0057,
// 0059): the picker's answers are checked once zod has loaded, never by loading it.
const recentAnswer = deferredSchema('object', () =>
  import('@portico/contracts/account').then(({ recentAccountsSchema }) => recentAccountsSchema),
);
const customerAccountsAnswer = deferredSchema('list', () =>
  import('@portico/contracts/partner').then(
    ({ customerAccountListSchema }) => customerAccountListSchema,
  ),
);
const accountChoicesAnswer = deferredSchema('list', () =>
  import('@portico/contracts/account').then(
    ({ accountChoiceListSchema }) => accountChoiceListSchema,
  ),
);

/** How many accounts one search shows; the server holds the rest (ADR 0070). */
export const ACCOUNT_PICKER_LIMIT = 20;

/**
 * `GET {api}/accounts/recent`: the caller's own account and the ones they used last, kept on
 * the server per user (ADR 0070), so the picker opens on the last one on any device.
 */
export const recentAccountsQueryOptions = () =>
  queryOptions({
    meta: shownByCaller,
    queryKey: ['accounts', 'recent'] as const,
    queryFn: ({ signal }): Promise<RecentAccounts> =>
      httpGet(apiUrl('accounts/recent'), recentAnswer, { signal }),
  });

export const useRecentAccounts = () => useQuery(recentAccountsQueryOptions());

/**
 * The account a page shows: the one named in its address, else the last one used, else the
 * caller's own (undefined: the API's default). Pure, so the server's first paint and the
 * browser pick the same one (ADR 0057).
 */
export function accountInView(
  named: string | undefined,
  recents: RecentAccounts | undefined,
): string | undefined {
  return named ?? recents?.recent[0]?.id;
}

/** The name of an account the caller knows of (own or recent), if it is one of them. */
export function nameOf(
  accountId: string | undefined,
  recents: RecentAccounts | undefined,
): string | undefined {
  if (!recents) return undefined;
  if (accountId === undefined || accountId === recents.own.id) return recents.own.name;
  return recents.recent.find((account) => account.id === accountId)?.name;
}

/**
 * Records the account in view as the last one used (`PUT {api}/accounts/recent/:id`) unless it
 * already is: a pick, a shared link or a bookmark all count. The server answers 404 for an
 * account the caller may not see; the page's own calls show that, so it is ignored here.
 */
export function useRecordAccountInView(
  named: string | undefined,
  recents: RecentAccounts | undefined,
) {
  const client = useQueryClient();
  const last = recents?.recent[0]?.id;
  useEffect(() => {
    if (named === undefined || recents === undefined || named === last) return;
    let live = true;
    void httpSendNoContent('PUT', apiUrl(`accounts/recent/${encodeURIComponent(named)}`))
      .then(() => {
        if (live)
          void client.invalidateQueries({ queryKey: recentAccountsQueryOptions().queryKey });
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [client, named, last, recents]);
}

/** `GET {api}/partner/accounts` (§7): the customer accounts the partner serves. */
const partnerAccountsQueryOptions = () =>
  queryOptions({
    meta: shownByCaller,
    queryKey: ['partner', 'accounts'] as const,
    queryFn: ({ signal }) =>
      httpGet(apiUrl('partner/accounts'), customerAccountsAnswer, { signal }),
    staleTime: 5 * 60_000,
  });

/** `GET {api}/accounts?query=&limit=`: a vendor employee's search over every account. */
const accountSearchQueryOptions = (term: string) =>
  queryOptions({
    meta: shownByCaller,
    queryKey: ['accounts', 'search', term] as const,
    queryFn: ({ signal }) =>
      httpGet(apiUrl('accounts'), accountChoicesAnswer, {
        signal,
        query: { query: term, limit: ACCOUNT_PICKER_LIMIT },
      }),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });

const matches = (account: AccountChoice, term: string): boolean => {
  const wanted = term.toLocaleLowerCase();
  return (
    account.name.toLocaleLowerCase().includes(wanted) ||
    account.id.toLocaleLowerCase().includes(wanted)
  );
};

export interface AccountSearchResult {
  accounts: AccountChoice[];
  loading: boolean;
  failed: boolean;
}

/**
 * The accounts the picker offers for `term`: a vendor employee's are searched on the server
 * (with a limit); a partner's are their own and the customers from `GET {api}/partner/accounts`
 * (a short list, filtered here); anyone else has only their own.
 */
export function useAccountSearch(
  type: UserType,
  term: string,
  own: AccountChoice | undefined,
  open: boolean,
): AccountSearchResult {
  const employee = useQuery({
    ...accountSearchQueryOptions(term),
    enabled: open && type === 'employee',
  });
  const partner = useQuery({ ...partnerAccountsQueryOptions(), enabled: type === 'partner' });
  if (type === 'employee') {
    // While the answer for the latest text is on its way, the previous one shows, narrowed
    // to what still matches: the list does not jump under the arrow keys.
    const shown = employee.data ?? [];
    return {
      accounts: employee.isPlaceholderData
        ? shown.filter((account) => matches(account, term))
        : shown,
      loading: employee.isFetching,
      failed: employee.isError,
    };
  }
  const served = (partner.data ?? []).map(({ id, name }) => ({ id, name }));
  const all = [...(own ? [own] : []), ...served];
  return {
    accounts: all.filter((account) => matches(account, term)).slice(0, ACCOUNT_PICKER_LIMIT),
    loading: partner.isFetching,
    failed: partner.isError,
  };
}

/** Whether the caller has accounts to choose from at all (employees; partners with customers). */
export function usePickerAvailable(type: UserType): boolean {
  const partner = useQuery({ ...partnerAccountsQueryOptions(), enabled: type === 'partner' });
  if (type === 'employee') return true;
  return type === 'partner' && (partner.data?.length ?? 0) > 0;
}
