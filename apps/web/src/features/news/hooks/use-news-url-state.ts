import { useCallback, useMemo } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';
import { pageOfParam } from '@portico/contracts/paths';
import { routeParams } from '../../../config/paths.js';
import { generalNewsSource, type NewsSource, type NewsUrlState } from '../api/news-source.js';
import { newsQueryStorage } from '../utils/news-query-storage.js';

/**
 * page, query, startDate and endDate from the query string. The page may also come from the
 * path (`/news/3`); when both are given, the `page` query parameter wins, because it is what
 * the page itself writes on every navigation (search, date filter, paging), so it is always
 * the newer of the two.
 */
export function readNewsUrlState(
  search: string,
  pathPage: string | undefined,
  remembersQuery = true,
): NewsUrlState {
  const params = new URLSearchParams(search);
  const page = pageOfParam(params.get('page')) ?? pageOfParam(pathPage) ?? 1;
  const dateOf = (name: string) => {
    const value = params.get(name);
    return value === null || value === '' ? undefined : value;
  };
  return {
    page,
    query: remembersQuery
      ? newsQueryStorage.restore(params.get('query') ?? '')
      : (params.get('query') ?? ''),
    startDate: dateOf('startDate'),
    endDate: dateOf('endDate'),
  };
}

/** Navigations the list page makes; a failed navigation to news is ignored (§4). */
export function useNewsNavigation(source: NewsSource = generalNewsSource) {
  const navigate = useNavigate();
  return useCallback(
    (state: NewsUrlState) => {
      const target = source.listHref(state);
      try {
        const pending = navigate(target);
        if (pending instanceof Promise) {
          pending.catch((error: unknown) => console.warn('Navigation to news failed', error));
        }
      } catch (error) {
        console.warn('Navigation to news failed', error);
      }
    },
    [navigate, source],
  );
}

/** The current list state; recomputed on each navigation (location change). */
export function useNewsUrlState(remembersQuery = true): NewsUrlState {
  const { search, key } = useLocation();
  const pathPage = useParams()[routeParams.page];
  // Once per navigation: a query restored from session storage stays the query of this
  // navigation even when its results remove it from storage.
  return useMemo(
    () => readNewsUrlState(search, pathPage, remembersQuery),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- key marks a new navigation
    [search, pathPage, key, remembersQuery],
  );
}
