import { DOCUMENT_SORTS, DOCUMENTS_PAGE_SIZE, DOCUMENTS_SEARCH_WINDOW } from '@portico/contracts';
import { useId } from 'react';
import { Link, useLocation } from 'react-router';
import { Pagination } from '../../../../components/ui/pagination/pagination.js';
import { SearchBox } from '../../../../components/ui/search-box/search-box.js';
import { Toolbar } from '../../../../components/ui/toolbar/toolbar.js';
import { useFormat } from '../../../../lib/format/use-format.js';
import { QueryErrorState } from '../../../../components/ui/error-state/error-state.js';
import { useT } from '../../../../lib/labels/use-t.js';
import { useDocumentsPage } from '../api/product-documents.js';
import {
  toggleFacet,
  useDocumentationNavigation,
  useDocumentationUrlState,
} from '../hooks/use-documentation-url-state.js';
import { useRouteProduct } from '../hooks/use-route-product.js';
import { FacetPanel } from './facet-panel.js';
import { NotConnected } from './not-connected.js';
import '../documentation.labels.js';
import '../../../../components/ui/ui.css';
import '../documentation.css';

/**
 * The documentation tab of a product (issue 13): full-text search, the nine §9 facets with
 * counts (multi-select), sort by date or relevance, the shared pagination (20 a page). Query,
 * facets, sort and page live in the address. A product the account is not connected to shows
 * the account-manager card.
 */
export function DocumentationPage() {
  const t = useT();
  const format = useFormat();
  const sortId = useId();
  const { search } = useLocation();
  const product = useRouteProduct();
  const state = useDocumentationUrlState();
  const goTo = useDocumentationNavigation();
  const list = useDocumentsPage(product.contentId, state);

  const title = product.productName
    ? t('documentation.title', { product: product.productName })
    : t('documentation.title.generic');

  if (list.data?.kind === 'forbidden') {
    return (
      <div className="documentation">
        <h2 className="ui-page-title">{title}</h2>
        <NotConnected productName={product.productName} />
      </div>
    );
  }
  if (list.data?.kind === 'not-found') {
    return (
      <div className="documentation">
        <h2 className="ui-page-title">{title}</h2>
        <p className="documentation__empty" role="alert">
          {t('documentation.product-not-found')}
        </p>
      </div>
    );
  }

  const result = list.data?.kind === 'ok' ? list.data.data : undefined;
  const sort = result?.sort ?? state.sort ?? (state.query ? 'relevance' : 'date');
  const anySelected = Object.keys(state.facets).length > 0;

  return (
    <div className="documentation">
      <h2 className="ui-page-title">{title}</h2>
      <SearchBox
        initialQuery={state.query}
        labelKey="documentation.search.label"
        placeholderKey="documentation.search.placeholder"
        showSort={false}
        onSearch={({ query }) => goTo({ ...state, query, page: 1 })}
        onClear={() => goTo({ ...state, query: '', page: 1 })}
      />
      <div className="documentation__layout">
        {result && (
          <FacetPanel
            facets={result.facets}
            anySelected={anySelected}
            isSelected={(facet, value) => state.facets[facet]?.includes(value) ?? false}
            onToggle={(facet, value) => goTo(toggleFacet(state, facet, value))}
            onClear={() => goTo({ ...state, facets: {}, page: 1 })}
          />
        )}
        <section className="documentation__results" aria-labelledby={`${sortId}-results`}>
          <h2 id={`${sortId}-results`} className="ui-visually-hidden">
            {t('documentation.results')}
          </h2>
          <Toolbar count={result?.total} loading={list.isFetching} countLabel="documentation.count">
            <label htmlFor={sortId} className="documentation__sort-label">
              {t('documentation.sort')}
            </label>
            <select
              id={sortId}
              className="ui-control documentation__sort"
              value={sort}
              onChange={(event) => {
                const next = DOCUMENT_SORTS.find((s) => s === event.target.value);
                if (next) goTo({ ...state, sort: next, page: 1 });
              }}
            >
              {DOCUMENT_SORTS.map((option) => (
                <option
                  key={option}
                  value={option}
                  disabled={option === 'relevance' && !state.query}
                >
                  {t(`documentation.sort.${option}`)}
                </option>
              ))}
            </select>
          </Toolbar>
          {list.isError && <QueryErrorState query={list} />}
          {result?.windowed && (
            <p className="documentation__windowed">
              {t('documentation.windowed', { count: DOCUMENTS_SEARCH_WINDOW })}
            </p>
          )}
          {result && result.items.length === 0 && (
            <p className="documentation__empty">{t('documentation.no-results')}</p>
          )}
          {result && result.items.length > 0 && (
            <ol className="documentation__list">
              {result.items.map((item) => (
                <li key={item.id} className="documentation__item">
                  <h3 className="documentation__item-title">
                    <Link to={String(item.id)} state={{ listSearch: search }}>
                      {item.title}
                    </Link>
                  </h3>
                  <p className="documentation__item-meta">
                    {t('documentation.item.meta', {
                      release: item.facets.release.label,
                      documentType: item.facets.documentType.label,
                      language: item.facets.language.label,
                      date: format.calendarDate(item.publishedOn),
                    })}
                  </p>
                  <p className="documentation__item-summary">{item.summary}</p>
                </li>
              ))}
            </ol>
          )}
          {result && (
            <Pagination
              currentPage={state.page}
              pageSize={DOCUMENTS_PAGE_SIZE}
              totalResults={result.total}
              scrollToTop
              onPageChange={(page) => goTo({ ...state, page })}
            />
          )}
        </section>
      </div>
    </div>
  );
}
