import {
  DOCUMENT_FACETS,
  DOCUMENT_SORTS,
  type DocumentFacet,
  type DocumentSort,
} from '@portico/contracts';
import { useCallback, useMemo } from 'react';
import { useLocation, useNavigate } from 'react-router';

/** The documentation list's state: query, facets, sort and page all live in the address. */
export interface DocumentationUrlState {
  query: string;
  /** Undefined: the API's default (relevance with a query, date without). */
  sort: DocumentSort | undefined;
  page: number;
  facets: Partial<Record<DocumentFacet, string[]>>;
}

/** Reads the state from a query string; anything malformed falls back to its default. */
export function readDocumentationUrlState(search: string): DocumentationUrlState {
  const params = new URLSearchParams(search);
  const page = params.get('page');
  const sort = params.get('sort');
  const facets: Partial<Record<DocumentFacet, string[]>> = {};
  for (const facet of DOCUMENT_FACETS) {
    const values = [...new Set(params.getAll(facet).filter((v) => v !== ''))];
    if (values.length > 0) facets[facet] = values;
  }
  return {
    query: params.get('query')?.trim() ?? '',
    sort: DOCUMENT_SORTS.find((s) => s === sort),
    page: page !== null && /^[1-9]\d{0,8}$/.test(page) ? Number(page) : 1,
    facets,
  };
}

/** The query string of a state (also the API's: the same parameter names). */
export function documentationSearchParams(state: DocumentationUrlState): URLSearchParams {
  const params = new URLSearchParams();
  if (state.query) params.set('query', state.query);
  if (state.sort) params.set('sort', state.sort);
  for (const facet of DOCUMENT_FACETS) {
    for (const value of state.facets[facet] ?? []) params.append(facet, value);
  }
  if (state.page > 1) params.set('page', String(state.page));
  return params;
}

/** The state with one facet value switched on or off; back to page 1. */
export function toggleFacet(
  state: DocumentationUrlState,
  facet: DocumentFacet,
  value: string,
): DocumentationUrlState {
  const current = state.facets[facet] ?? [];
  const next = current.includes(value) ? current.filter((v) => v !== value) : [...current, value];
  const facets = Object.fromEntries(
    Object.entries({ ...state.facets, [facet]: next }).filter(([, values]) => values.length > 0),
  ) as DocumentationUrlState['facets'];
  return { ...state, facets, page: 1 };
}

export function useDocumentationUrlState(): DocumentationUrlState {
  const { search } = useLocation();
  return useMemo(() => readDocumentationUrlState(search), [search]);
}

/** Navigates the list to a new state (same path, new query string). */
export function useDocumentationNavigation() {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  return useCallback(
    (state: DocumentationUrlState) => {
      const search = documentationSearchParams(state).toString();
      void navigate(search ? `${pathname}?${search}` : pathname);
    },
    [navigate, pathname],
  );
}
