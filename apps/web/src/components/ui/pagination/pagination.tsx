import { useT } from '../../../lib/labels/use-t.js';
import { paginationModel } from './pagination-model.js';
import './pagination.labels.js';
import '../ui.css';
import './pagination.css';

export interface PaginationProps {
  /** 1-based page being shown. */
  currentPage: number;
  /** Results per page; 20 unless the caller says otherwise (§9). */
  pageSize?: number;
  totalResults: number;
  /** Receives the page the user asked for (never the current one). */
  onPageChange: (page: number) => void;
  /** Scroll the window to the top after a page change. */
  scrollToTop?: boolean;
  /** Also offer previous/next buttons beside first/last. */
  showPreviousNext?: boolean;
}

const ELLIPSIS = '…';

/**
 * §2 Pagination: 'first–last of total', first/last buttons, the current page ±2, and page 1 and
 * the last page when those do not reach them (issue 37); hidden for ≤ 1 page. */
export function Pagination({
  currentPage,
  pageSize,
  totalResults,
  onPageChange,
  scrollToTop = false,
  showPreviousNext = false,
}: PaginationProps) {
  const t = useT();
  const model = paginationModel({ currentPage, pageSize, totalResults });
  if (model.totalPages <= 1) return null;

  const current = model.currentPage;
  const goTo = (page: number) => {
    if (page === current || page < 1 || page > model.totalPages) return;
    onPageChange(page);
    if (scrollToTop) window.scrollTo({ top: 0 });
  };
  const pageButton = (page: number) => (
    <li key={page}>
      <button
        type="button"
        className="ui-control ui-pagination__button"
        aria-label={t('pagination.page', { page })}
        aria-current={page === current ? 'page' : undefined}
        onClick={() => goTo(page)}
      >
        {page}
      </button>
    </li>
  );
  // Pages left out between the first or last page and the current page's neighbours.
  const gap = (where: 'start' | 'end') => (
    <li key={`gap-${where}`} className="ui-pagination__gap" aria-hidden="true">
      {ELLIPSIS}
    </li>
  );
  const onFirst = current === 1;
  const onLast = current === model.totalPages;
  // First, previous, next and last: an arrow named by its label, off at the end it leads to.
  const stepButton = (label: string, arrow: string, disabled: boolean, page: number) => (
    <li>
      <button
        type="button"
        className="ui-control ui-pagination__button"
        aria-label={label}
        disabled={disabled}
        onClick={() => goTo(page)}
      >
        <span aria-hidden="true">{arrow}</span>
      </button>
    </li>
  );

  return (
    <nav className="ui-pagination" aria-label={t('pagination.label')}>
      <p className="ui-pagination__range">
        {t('pagination.range', {
          first: model.firstResult,
          last: model.lastResult,
          total: model.totalResults,
        })}
      </p>
      <ul className="ui-pagination__list">
        {stepButton(t('pagination.first'), '«', onFirst, 1)}
        {showPreviousNext && stepButton(t('pagination.previous'), '‹', onFirst, current - 1)}
        {model.firstPage !== null && pageButton(model.firstPage)}
        {model.firstPage !== null && (model.pages[0] ?? 0) > 2 && gap('start')}
        {model.pages.map(pageButton)}
        {model.lastPage !== null && (model.pages.at(-1) ?? 0) < model.lastPage - 1 && gap('end')}
        {model.lastPage !== null && pageButton(model.lastPage)}
        {showPreviousNext && stepButton(t('pagination.next'), '›', onLast, current + 1)}
        {stepButton(t('pagination.last'), '»', onLast, model.totalPages)}
      </ul>
    </nav>
  );
}
