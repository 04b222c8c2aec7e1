import { userListQuerySchema } from '@portico/contracts';
import { useCallback, useMemo } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { paths, withQuery } from '../../../config/paths.js';
import { listParams, type UserListCriteria } from '../api/user-management-api.js';

/** The list state from the address; anything the API would refuse falls back to its default. */
export function useUserListUrlState(): UserListCriteria {
  const [search] = useSearchParams();
  return useMemo(() => {
    const raw = Object.fromEntries(search.entries());
    const parsed = userListQuerySchema.safeParse(raw);
    const get = <K extends keyof typeof raw>(k: K) => raw[k];
    if (parsed.success) {
      return {
        page: parsed.data.page,
        query: parsed.data.query ?? '',
        status: parsed.data.status ?? '',
        role: parsed.data.role ?? '',
        sort: parsed.data.sort,
        accountId: parsed.data.accountId ?? '',
      };
    }
    return {
      page: 1,
      query: get('query') ?? '',
      status: '',
      role: '',
      sort: 'name',
      accountId: '',
    };
  }, [search]);
}

export function userListHref(c: UserListCriteria): string {
  const { page, ...rest } = listParams(c);
  return withQuery(paths.userManagement(), { ...rest, page: page === 1 ? undefined : page });
}

export function useUserListNavigation() {
  const navigate = useNavigate();
  return useCallback((c: UserListCriteria) => navigate(userListHref(c)), [navigate]);
}
