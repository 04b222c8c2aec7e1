import {
  accountUserListSchema,
  accountUserSchema,
  administrableAccountsSchema,
  administratorsSchema,
  grantablePermissionsSchema,
  learningRolesSchema,
  billingPlatformRolesSchema,
  userAuditSchema,
  userManagementContextSchema,
  userProductsSchema,
  userProfilesSchema,
  USER_PAGE_SIZE,
  type AccountUser,
  type AccountUserInput,
  type NamedOption,
  type UserRole,
  type UserSort,
  type UserStatus,
} from '@portico/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiUrl, exportUrl } from '../../../config/runtime-config.js';
import {
  httpDownload,
  httpGet,
  httpGetWithTotal,
  httpSend,
  httpSendNoContent,
} from '../../../lib/http/http-client.js';
import { HttpError } from '../../../lib/http/http-error.js';
import { useTimeZoneOptions } from '../../../lib/format/time-zone-options.js';
import { labelIfAny, useT } from '../../../lib/labels/use-t.js';
import { handleFailure, shownByCaller } from '../../../lib/http/failure-handling.js';

export const USERS_PAGE_SIZE = USER_PAGE_SIZE;

/** The list state, all of it in the address (issue 15). */
export interface UserListCriteria {
  page: number;
  query: string;
  status: UserStatus | '';
  role: UserRole | '';
  sort: UserSort;
  /** Vendor employees: the account picked in the switcher; '' = their own. */
  accountId: string;
}

export const listParams = (c: UserListCriteria) => ({
  page: c.page,
  query: c.query,
  status: c.status,
  role: c.role,
  sort: c.sort === 'name' ? undefined : c.sort,
  accountId: c.accountId,
});

const accountParam = (accountId: string) => ({ accountId });

/**
 * GET {api}/users/management: who administers which account. A 403 is the no-access page
 * (not an error notification), so this call handles its errors itself.
 */
export function useUserManagementContext(accountId: string) {
  return useQuery({
    meta: shownByCaller,
    queryKey: ['user-management', 'context', accountId] as const,
    queryFn: async ({ signal }) => {
      try {
        return await httpGet(apiUrl('users/management'), userManagementContextSchema, {
          query: accountParam(accountId),
          signal,
        });
      } catch (error) {
        if (error instanceof HttpError && (error.status === 403 || error.status === 404)) {
          return 'no-access' as const;
        }
        throw error;
      }
    },
    retry: false,
  });
}

export function useAdministrableAccounts(enabled: boolean) {
  return useQuery({
    queryKey: ['user-management', 'accounts'] as const,
    queryFn: ({ signal }) =>
      httpGet(apiUrl('users/accounts'), administrableAccountsSchema, { signal }),
    enabled,
    staleTime: 60_000,
  });
}

/** The list is the page's data: an error is the page's error state (issue 27), not a notice. */
export const userListQueryOptions = (c: UserListCriteria) =>
  queryOptions({
    meta: shownByCaller,
    queryKey: ['user-management', 'list', listParams(c)] as const,
    queryFn: async ({ signal }) => {
      const result = await httpGetWithTotal(apiUrl('users'), accountUserListSchema, {
        query: listParams(c),
        signal,
      });
      return { items: result.data, total: result.total };
    },
    placeholderData: keepPreviousData,
  });

export const useUserList = (c: UserListCriteria, enabled: boolean) =>
  useQuery({ ...userListQueryOptions(c), enabled });

export const userQueryKey = (id: string) => ['user-management', 'user', id] as const;

/** GET {api}/users/{id}; errors are the caller's to show (404 → not found text). */
export function fetchAccountUser(id: string, signal?: AbortSignal) {
  return httpGet(apiUrl(`users/${encodeURIComponent(id)}`), accountUserSchema, {
    ...(signal ? { signal } : {}),
  });
}

export function useAccountUser(id: string | null) {
  return useQuery({
    meta: shownByCaller,
    queryKey: userQueryKey(id ?? ''),
    queryFn: ({ signal }) => fetchAccountUser(id ?? '', signal),
    enabled: id !== null,
    retry: false,
  });
}

export function useUserAudit(id: string | null) {
  return useQuery({
    queryKey: ['user-management', 'audit', id ?? ''] as const,
    queryFn: ({ signal }) =>
      httpGet(apiUrl(`users/${encodeURIComponent(id ?? '')}/audit`), userAuditSchema, { signal }),
    enabled: id !== null,
  });
}

/** One of the form's option calls of the administered account (§7). */
const accountOptions = <T extends z.ZodType>(call: string, schema: T, accountId: string) => ({
  queryKey: ['user-management', call, accountId] as const,
  queryFn: ({ signal }: { signal: AbortSignal }) =>
    httpGet(apiUrl(`users/${call}`), schema, { query: accountParam(accountId), signal }),
  staleTime: 60_000,
});

/**
 * The form's choices (§7): the roles (user profiles) and permissions the administrator may
 * give, the account's products and administrators (ADR 0056), billing-platform roles, and
 * the learning roles of the user being edited (§6), if any.
 */
export function useFormChoices(accountId: string, userId?: string) {
  const profiles = useQuery(accountOptions('profiles', userProfilesSchema, accountId));
  const permissions = useQuery(
    accountOptions('permissions', grantablePermissionsSchema, accountId),
  );
  const products = useQuery(accountOptions('products', userProductsSchema, accountId));
  const administrators = useQuery(
    accountOptions('administrators', administratorsSchema, accountId),
  );
  const billing = useQuery({
    queryKey: ['user-management', 'billing-platform-roles'] as const,
    queryFn: ({ signal }) =>
      httpGet(apiUrl('users/billing-platform-roles'), billingPlatformRolesSchema, { signal }),
    staleTime: Infinity,
  });
  const learning = useQuery({
    queryKey: ['user-management', 'learning-roles', accountId, userId ?? null] as const,
    queryFn: ({ signal }) =>
      httpGet(apiUrl('users/learning-roles'), learningRolesSchema, {
        query: { ...accountParam(accountId), userId },
        signal,
      }),
    staleTime: 60_000,
  });
  const timeZones = useTimeZoneOptions();
  const t = useT();
  // Role names are labels (issue 27); a role the web does not know keeps the server's name.
  const named = <T extends NamedOption>(kind: string, roles: readonly T[]): T[] =>
    roles.map((role) => {
      const name = labelIfAny(t, `user-management.${kind}.${role.id}`);
      return { ...role, name: name ?? role.name };
    });
  return {
    /** Every list is in (or failed): the form's selects can take their values. */
    settled: ![profiles, permissions, products, billing, learning, timeZones].some(
      (query) => query.isLoading,
    ),
    profiles: named('role', profiles.data ?? []),
    permissions: named('permission', permissions.data ?? []),
    products: products.data ?? [],
    administrators: administrators.data ?? [],
    billingPlatformRoles: named('billing-platform-role', billing.data ?? []),
    learningRoles: named('learning-role', learning.data ?? []),
    timeZones: timeZones.data ?? [],
  };
}

const ifMatch = (version: number) => ({ 'If-Match': `"v${version}"` });

/** POST, PUT and DELETE throw HttpError so the form can show the server's field messages. */
export function createUser(accountId: string, input: AccountUserInput): Promise<AccountUser> {
  return httpSend('POST', apiUrl('users'), input, accountUserSchema, {
    query: accountParam(accountId),
  });
}

export function updateUser(user: AccountUser, input: AccountUserInput): Promise<AccountUser> {
  return httpSend('PUT', apiUrl(`users/${encodeURIComponent(user.id)}`), input, accountUserSchema, {
    headers: ifMatch(user.version),
  });
}

export async function deleteUser(user: AccountUser): Promise<void> {
  await httpSendNoContent('DELETE', apiUrl(`users/${encodeURIComponent(user.id)}`), undefined, {
    headers: ifMatch(user.version),
  });
}

/** true when done; false when it failed (shown as the §8 notification by the one handler). */
export async function changeInvitation(
  user: AccountUser,
  action: 'resend' | 'revoke',
): Promise<boolean> {
  try {
    await httpSendNoContent(
      action === 'resend' ? 'POST' : 'DELETE',
      apiUrl(`users/${encodeURIComponent(user.id)}/invitation`),
    );
    return true;
  } catch (error) {
    handleFailure(error);
    return false;
  }
}

/** The current selection as a file (GET {api}/users/export?format=csv|xlsx&…). */
export function downloadUsers(c: UserListCriteria, format: 'csv' | 'xlsx') {
  const { query, status, role, sort, accountId } = listParams(c);
  return httpDownload(exportUrl('users'), {
    query: { query, status, role, sort, accountId, format },
  });
}
