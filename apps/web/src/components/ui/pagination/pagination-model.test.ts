import { describe, expect, it } from 'vitest';
import { DEFAULT_PAGE_SIZE, paginationModel } from './pagination-model.js';

describe('paginationModel (§3 Pagination)', () => {
  it('uses a default page size of 20 (§9)', () => {
    expect(DEFAULT_PAGE_SIZE).toBe(20);
    const model = paginationModel({ currentPage: 1, totalResults: 145 });
    expect(model.pageSize).toBe(20);
    expect(model.totalPages).toBe(8);
  });

  it('computes total pages, first and last result for a full and a partial page', () => {
    expect(paginationModel({ currentPage: 1, pageSize: 30, totalResults: 145 })).toMatchObject({
      currentPage: 1,
      pageSize: 30,
      totalResults: 145,
      totalPages: 5,
      firstResult: 1,
      lastResult: 30,
    });
    expect(paginationModel({ currentPage: 5, pageSize: 30, totalResults: 145 })).toMatchObject({
      totalPages: 5,
      firstResult: 121,
      lastResult: 145,
    });
    expect(paginationModel({ currentPage: 2, pageSize: 30, totalResults: 60 })).toMatchObject({
      totalPages: 2,
      firstResult: 31,
      lastResult: 60,
    });
  });

  it('offers the current page with up to two neighbours on each side', () => {
    expect(paginationModel({ currentPage: 1, pageSize: 10, totalResults: 200 }).pages).toEqual([
      1, 2, 3,
    ]);
    expect(paginationModel({ currentPage: 2, pageSize: 10, totalResults: 200 }).pages).toEqual([
      1, 2, 3, 4,
    ]);
    expect(paginationModel({ currentPage: 10, pageSize: 10, totalResults: 200 }).pages).toEqual([
      8, 9, 10, 11, 12,
    ]);
    expect(paginationModel({ currentPage: 20, pageSize: 10, totalResults: 200 }).pages).toEqual([
      18, 19, 20,
    ]);
    expect(paginationModel({ currentPage: 2, pageSize: 10, totalResults: 25 }).pages).toEqual([
      1, 2, 3,
    ]);
  });

  it('has no pages and no results when the total is zero', () => {
    expect(paginationModel({ currentPage: 1, totalResults: 0 })).toMatchObject({
      totalPages: 0,
      firstResult: 0,
      lastResult: 0,
      pages: [],
    });
  });

  it('clamps a page beyond the last page and below the first', () => {
    expect(paginationModel({ currentPage: 9, pageSize: 30, totalResults: 145 })).toMatchObject({
      currentPage: 5,
      firstResult: 121,
      lastResult: 145,
    });
    expect(paginationModel({ currentPage: 0, pageSize: 30, totalResults: 145 }).currentPage).toBe(
      1,
    );
  });
});
