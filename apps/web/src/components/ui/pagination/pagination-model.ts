/** §9: default page size of the pagination widget (news uses 30). */
export const DEFAULT_PAGE_SIZE = 20;

/** How many page numbers to show on each side of the current page (§2 Shared widgets). */
export const PAGE_NEIGHBOURS = 2;

export interface PaginationInput {
  currentPage: number;
  pageSize?: number;
  totalResults: number;
}

/** §3 Pagination: currentPage, pageSize, totalResults, totalPages, first and last result. */
export interface PaginationModel {
  currentPage: number;
  pageSize: number;
  totalResults: number;
  totalPages: number;
  /** 1-based index of the first result on the page; 0 when there are no results. */
  firstResult: number;
  /** 1-based index of the last result on the page; 0 when there are no results. */
  lastResult: number;
  /** The page numbers to offer: the current page and up to two neighbours on each side. */
  pages: number[];
  /** Page 1 when the neighbours do not reach it (shown before them, so the start is in view). */
  firstPage: number | null;
  /** The last page when the neighbours do not reach it (so the length of the list is in view). */
  lastPage: number | null;
}

const wholeAtLeast = (value: number, min: number): number =>
  Number.isFinite(value) ? Math.max(min, Math.floor(value)) : min;

/** Pure paging arithmetic; the current page is clamped to the pages that exist. */
export function paginationModel(input: PaginationInput): PaginationModel {
  const pageSize = wholeAtLeast(input.pageSize ?? DEFAULT_PAGE_SIZE, 1);
  const totalResults = wholeAtLeast(input.totalResults, 0);
  const totalPages = Math.ceil(totalResults / pageSize);
  const currentPage = Math.min(wholeAtLeast(input.currentPage, 1), Math.max(totalPages, 1));
  const firstResult = totalResults === 0 ? 0 : (currentPage - 1) * pageSize + 1;
  const lastResult = Math.min(currentPage * pageSize, totalResults);
  const pages: number[] = [];
  const from = Math.max(1, currentPage - PAGE_NEIGHBOURS);
  const to = Math.min(totalPages, currentPage + PAGE_NEIGHBOURS);
  for (let page = from; page <= to; page += 1) pages.push(page);
  return {
    currentPage,
    pageSize,
    totalResults,
    totalPages,
    firstResult,
    lastResult,
    pages,
    firstPage: from > 1 ? 1 : null,
    lastPage: to < totalPages ? totalPages : null,
  };
}
