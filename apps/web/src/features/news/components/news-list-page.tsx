import { useEffect } from 'react';
import { Link } from 'react-router';
import { DateFilter } from '../../../components/ui/date-filter/date-filter.js';
import { QueryErrorState } from '../../../components/ui/error-state/error-state.js';
import type { DateRange } from '../../../components/ui/date-filter/date-range.js';
import { Pagination } from '../../../components/ui/pagination/pagination.js';
import { SearchBox, type SearchCriteria } from '../../../components/ui/search-box/search-box.js';
import { Toolbar } from '../../../components/ui/toolbar/toolbar.js';
import { paths } from '../../../config/paths.js';
import { useT } from '../../../lib/labels/use-t.js';
import { useProfile } from '../../../lib/profile/profile-query.js';
import { NEWS_PAGE_SIZE, useNewsList } from '../api/news-list.js';
import { generalNewsSource, type NewsSource } from '../api/news-source.js';
import { useFormat } from '../../../lib/format/use-format.js';
import { useNewsNavigation, useNewsUrlState } from '../hooks/use-news-url-state.js';
import { newsQueryStorage } from '../utils/news-query-storage.js';
import { NewsCard } from './news-card.js';
import { SubscribeTile } from './subscribe-tile.js';
import '../news.labels.js';
import '../../../components/ui/ui.css';
import '../news.css';

/** Cards in the first screenful of a wide screen (four across): their images load at once. */
const EAGER_CARDS = 4;

/**
 * §2/§4 News list: heading, toolbar with the result count, date filter, search box, the card
 * grid, pagination and, when there are results, the subscribe block. All list state (page,
 * query, dates) lives in the address; a search or a date filter starts again at page 1.
 */
export function NewsListPage({ source = generalNewsSource }: { source?: NewsSource }) {
  const t = useT();
  const format = useFormat();
  const state = useNewsUrlState(source.remembersQuery);
  const goTo = useNewsNavigation(source);
  const list = useNewsList(state, source);
  // Issue 12: vendor employees publish news; only they see the way to the editor.
  const isEmployee = useProfile()?.unit4Employee === true;

  const result = list.data;
  const settled = list.isSuccess && !list.isPlaceholderData;
  const settledTotal = settled && result ? result.total : null;

  // §4: a non-empty query that found something is kept for the session; one that found
  // nothing is forgotten. Session storage is outside React, so this is an effect.
  useEffect(() => {
    if (settledTotal !== null && source.remembersQuery)
      newsQueryStorage.remember(state.query, settledTotal);
  }, [state.query, settledTotal, source.remembersQuery]);

  const onSearch = ({ query }: SearchCriteria) => goTo({ ...state, query, page: 1 });
  const onClear = () => {
    if (source.remembersQuery) newsQueryStorage.clear();
    // Emptying a box that only held unsubmitted text changes nothing in the list.
    if (state.query !== '') goTo({ ...state, query: '', page: 1 });
  };
  const onDates = (range: DateRange) => goTo({ ...state, ...range, page: 1 });
  const onPage = (page: number) => goTo({ ...state, page });

  const items = result?.items ?? [];
  const total = result?.total ?? 0;

  return (
    <div className="news-list">
      <h1 className="ui-page-title">{source.title ?? t('news.title')}</h1>
      {isEmployee && source === generalNewsSource && (
        <p className="news-list__editor">
          <Link to={paths.newsEditor()}>{t('news.editor-link')}</Link>
        </p>
      )}
      <Toolbar
        count={result ? total : undefined}
        loading={list.isFetching}
        helpContentKey="news-help"
      >
        <div className="news-list__filters">
          <DateFilter startDate={state.startDate} endDate={state.endDate} onChange={onDates} />
          <SearchBox
            initialQuery={state.query}
            name="news-query"
            labelKey="news.search.label"
            placeholderKey="news.search.placeholder"
            showSort={false}
            passThrough
            onSearch={onSearch}
            onClear={onClear}
          />
        </div>
      </Toolbar>

      {list.isError && <QueryErrorState query={list} />}
      {items.length > 0 && !list.isError && (
        <ul
          className="ui-card-grid news-grid"
          aria-label={t('news.list.label')}
          aria-busy={list.isFetching}
        >
          {items.map((item, index) => (
            <li key={item.id}>
              <NewsCard
                item={item}
                href={source.itemHref(item.title, item.id)}
                format={format}
                eager={index === 0 ? 'priority' : index < EAGER_CARDS}
              />
            </li>
          ))}
        </ul>
      )}
      {settled && result && items.length === 0 && (
        <p className="news-list__empty" role="status">
          {t('faceted-search.label.no-results')}
        </p>
      )}

      <Pagination
        currentPage={state.page}
        pageSize={NEWS_PAGE_SIZE}
        totalResults={total}
        onPageChange={onPage}
        scrollToTop
      />
      {total > 0 && <SubscribeTile target={source.subscription} />}
    </div>
  );
}
