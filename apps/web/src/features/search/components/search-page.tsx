import { hasControlCharacters, SEARCH_MAX_QUERY_LENGTH, type Product } from '@portico/contracts';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { NoticeBanner } from '../../../components/ui/notice-banner/notice-banner.js';
import { Toolbar } from '../../../components/ui/toolbar/toolbar.js';
import { paths } from '../../../config/paths.js';
import { useT } from '../../../lib/labels/use-t.js';
import { productsQueryOptions } from '../../../lib/products/products-query.js';
import { hasPermissions, useProfile } from '../../../lib/profile/profile-query.js';
import { searchHitsQueryOptions } from '../api/search-hits.js';
import { useSearchAnalytics } from '../hooks/use-search-analytics.js';
import { useSearchCriteria } from '../hooks/use-search-criteria.js';
import { useSearchSources } from '../hooks/use-search-sources.js';
import { buildSearchCards, searchTotal, totalLabel } from '../utils/search-cards.js';
import { SaveSearchPanel } from './save-search-panel.js';
import { SearchResultCard } from './search-result-card.js';
import '../search.labels.js';
import '../../../lib/http/error-catalogue.labels.js';
import '../../../components/ui/ui.css';
import '../search.css';

/** §2 Search results page: the notice named alertHidedNew1. */
export const SEARCH_NOTICE_ID = 'alertHidedNew1';

/** The product list of the header search: the catalogue plus the user's connected products. */
function findProduct(
  contentId: string,
  catalogue: readonly Product[],
  connected: readonly Product[],
): Product | null {
  if (contentId === '') return null;
  return (
    catalogue.find((p) => p.contentId === contentId) ??
    connected.find((p) => p.contentId === contentId) ??
    null
  );
}

/**
 * §2 Search results page (`/search?query=&productId=`): heading, what was searched, the total
 * and its loading state (toolbar, with the search help), the notice alertHidedNew1 and one
 * card per source in the §2 order.
 */
export function SearchPage() {
  const t = useT();
  const criteria = useSearchCriteria();
  const profile = useProfile();
  const products = useQuery(productsQueryOptions());

  const { query, productId } = criteria;
  const tooLong = query.length > SEARCH_MAX_QUERY_LENGTH;
  // Only a crafted address carries these; the API would refuse the query (400).
  const unsearchable = hasControlCharacters(query);
  const askable = query !== '' && !tooLong && !unsearchable && profile !== null;
  const canSearchSupport = hasPermissions(profile, 'SUPPORT_SERVICE_NOW');
  const product = findProduct(productId, products.data ?? [], profile?.connectedProducts ?? []);

  // Hits and the spelling correction (issue 38). A query that finds nothing is answered for
  // its correction: the counts are then asked for the corrected query too.
  const hits = useQuery({ ...searchHitsQueryOptions(query, productId), enabled: askable });
  const correction = hits.data?.correction ?? null;
  const searched = correction?.applied ? correction.query : query;
  const hitsOf = (id: string) => hits.data?.sources.find((s) => s.source === id)?.hits;

  const sources = useSearchSources({
    query: askable ? searched : '',
    productId,
    userId: profile?.id ?? '',
    canSearchSupport,
  });
  const cards = askable
    ? buildSearchCards({ query: searched, product, canSearchSupport, sources })
    : [];
  const total = searchTotal(cards);
  const settled = askable && !total.loading;
  const onOpen = useSearchAnalytics({ query: searched, productId }, sources, settled);

  const criteriaText =
    product === null
      ? t('search.criteria', { query })
      : t('search.criteria.product', { query, product: product.productName });

  return (
    <div className="search-page">
      <h1 className="ui-page-title">{t('search.title')}</h1>
      {profile && (
        <NoticeBanner
          noticeId={SEARCH_NOTICE_ID}
          userId={profile.id}
          messageKey="search.notice.message"
          link={{ href: paths.news(), labelKey: 'search.notice.link' }}
        />
      )}

      {query === '' && (
        <p className="search-page__message" role="status">
          {t('search.no-query')}
        </p>
      )}
      {tooLong && (
        <p className="search-page__message" role="alert">
          {t('search.query.too-long', { number: SEARCH_MAX_QUERY_LENGTH })}
        </p>
      )}
      {unsearchable && (
        <p className="search-page__message" role="alert">
          {t('search.query.control-characters')}
        </p>
      )}

      {askable && (
        <>
          <p className="search-page__criteria">{criteriaText}</p>
          {correction?.applied === true && (
            <p className="search-page__correction" role="status">
              {t('search.correction.applied', { query, corrected: correction.query })}
            </p>
          )}
          {correction?.applied === false && (
            <p className="search-page__correction">
              {t('search.correction.offered')}{' '}
              <Link to={paths.search(correction.query, productId)}>{correction.query}</Link>
            </p>
          )}
          <div className="search-page__toolbar">
            <Toolbar
              count={settled ? total.total : undefined}
              countLabel={totalLabel(total)}
              loading={total.loading}
              helpContentKey="search-help"
            />
          </div>
          <SaveSearchPanel query={query} productId={productId} />
          {sources.rateLimited && (
            <p className="search-page__message" role="alert">
              {t('errormessage.429')}
            </p>
          )}
          {settled && total.allAnswered && total.total === 0 && (
            <p className="search-page__message" role="status">
              {t('search.no-results')}
            </p>
          )}
          <ul
            className="ui-card-grid"
            aria-label={t('search.cards.label')}
            aria-busy={total.loading}
          >
            {cards.map((card) => (
              <li key={card.id}>
                <SearchResultCard
                  card={card}
                  hits={hitsOf(card.id)}
                  onOpen={(c, url) => onOpen(c.id, url)}
                />
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}
