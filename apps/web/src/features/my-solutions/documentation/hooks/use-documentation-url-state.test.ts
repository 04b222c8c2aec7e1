import { describe, expect, it } from 'vitest';
import {
  documentationSearchParams,
  readDocumentationUrlState,
  toggleFacet,
} from './use-documentation-url-state.js';

describe('documentation URL state (query, facets, sort and page live in the address)', () => {
  it('reads repeated facet values, the query, the sort and the page', () => {
    const state = readDocumentationUrlState(
      '?query=%20invoices%20&release=2025.1&release=2024.2&language=en&sort=date&page=3&colour=red',
    );
    expect(state).toEqual({
      query: 'invoices',
      sort: 'date',
      page: 3,
      facets: { release: ['2025.1', '2024.2'], language: ['en'] },
    });
  });

  it('falls back to the defaults for malformed values', () => {
    expect(readDocumentationUrlState('?sort=newest&page=0&release=')).toEqual({
      query: '',
      sort: undefined,
      page: 1,
      facets: {},
    });
    expect(readDocumentationUrlState('?page=-2').page).toBe(1);
  });

  it('writes the same names back (the API reads them too), facets in §9 order', () => {
    const params = documentationSearchParams({
      query: 'vat returns',
      sort: 'relevance',
      page: 2,
      facets: { type: ['task'], country: ['no', 'se'] },
    });
    expect(params.toString()).toBe(
      'query=vat+returns&sort=relevance&country=no&country=se&type=task&page=2',
    );
    expect(
      documentationSearchParams({ query: '', sort: undefined, page: 1, facets: {} }).toString(),
    ).toBe('');
  });

  it('toggles one value of a facet and goes back to page 1', () => {
    const start = { query: '', sort: undefined, page: 4, facets: { release: ['2025.1'] } };
    const added = toggleFacet(start, 'release', '2024.1');
    expect(added).toEqual({ ...start, page: 1, facets: { release: ['2025.1', '2024.1'] } });
    const removed = toggleFacet(toggleFacet(added, 'release', '2025.1'), 'release', '2024.1');
    expect(removed.facets).toEqual({});
  });
});
