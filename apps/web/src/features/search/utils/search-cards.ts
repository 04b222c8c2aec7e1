import {
  SEARCH_COUNT_LIMIT,
  searchHitSourceSchema,
  type CommunitySearchCount,
  type ProductSearchCounts,
  type SupportSearchCounts,
  type UniversitySearchCount,
} from '@portico/contracts';
import { paths, type ProductSection } from '../../../config/paths.js';
import type { LabelKey } from '../../../lib/labels/use-t.js';

/**
 * The card rules of the search results page (§2 Search results page, §5 Search result totals,
 * §6 SUPPORT_SERVICE_NOW), as plain functions of what each source answered.
 */

/**
 * The cards, in the §2 order: the sources the portal holds (the contract lists them in that
 * order) with the community's and the university's cards, which other platforms count.
 */
export const SEARCH_CARD_IDS = [
  'community',
  'knowledgeArticles',
  'university',
  ...searchHitSourceSchema.options.filter((source) => source !== 'knowledgeArticles'),
] as const;
export type SearchCardId = (typeof SEARCH_CARD_IDS)[number];

/** §6: these cards (and their count) only with SUPPORT_SERVICE_NOW. */
const SUPPORT_CARDS: ReadonlySet<SearchCardId> = new Set([
  'knowledgeArticles',
  'cases',
  'serviceCatalog',
]);

/** What one source said: not asked, still answering, failed, or its answer. */
export type SourceResult<T> =
  | { status: 'idle' }
  | { status: 'loading' }
  | { status: 'failed' }
  | { status: 'success'; data: T };

export interface SearchSourceResults {
  /** Product counts: 'idle' when no product is chosen. */
  product: SourceResult<ProductSearchCounts>;
  community: SourceResult<CommunitySearchCount>;
  /** The general news total. */
  news: SourceResult<number>;
  /** 'idle' without SUPPORT_SERVICE_NOW. */
  support: SourceResult<SupportSearchCounts>;
  university: SourceResult<UniversitySearchCount>;
}

export interface SearchCardsInput {
  query: string;
  /** The chosen product with its slug; null when none is chosen or its slug is unknown. */
  product: { slug: string; contentId: string } | null;
  /** §6 SUPPORT_SERVICE_NOW. */
  canSearchSupport: boolean;
  sources: SearchSourceResults;
}

export type SearchCardState = 'loading' | 'failed' | 'no-product' | 'answered';

export interface SearchCard {
  id: SearchCardId;
  state: SearchCardState;
  /** The count once answered (may be 0 or -1). */
  count: number | null;
  /** Where the card leads; null when there is nowhere to go. */
  url: string | null;
  /** §2: a card with count 0, -1 or none is disabled (and inert). */
  enabled: boolean;
}

interface Answer {
  state: SearchCardState;
  count: number | null;
  url: string | null;
}

const LOADING: Answer = { state: 'loading', count: null, url: null };
const FAILED: Answer = { state: 'failed', count: null, url: null };
const NO_PRODUCT: Answer = { state: 'no-product', count: null, url: null };

function answerOf<T>(
  result: SourceResult<T>,
  read: (data: T) => { count: number; url: string | null },
  idle: Answer = FAILED,
): Answer {
  switch (result.status) {
    case 'idle':
      return idle;
    case 'loading':
      return LOADING;
    case 'failed':
      return FAILED;
    case 'success': {
      const { count, url } = read(result.data);
      return { state: 'answered', count, url };
    }
  }
}

function answerFor(id: SearchCardId, input: SearchCardsInput): Answer {
  const { sources, product, query } = input;
  const productUrl = (section: ProductSection) =>
    // The tab opens with the query applied (issue 13).
    product ? paths.productSection(product.slug, product.contentId, section, { query }) : null;
  const productAnswer = (read: (counts: ProductSearchCounts) => number, section: ProductSection) =>
    answerOf(
      sources.product,
      (counts) => ({ count: read(counts), url: productUrl(section) }),
      NO_PRODUCT,
    );
  switch (id) {
    case 'community':
      return answerOf(sources.community, (c) => ({ count: c.count, url: c.url }));
    case 'knowledgeArticles':
      return answerOf(sources.support, (s) => ({
        count: s.knowledgeArticlesCount,
        url: s.knowledgeArticlesUrl,
      }));
    case 'university':
      return answerOf(sources.university, (u) => ({ count: u.count, url: u.url }));
    case 'productDocumentation':
      return productAnswer((c) => c.productDocumentation, 'documentation');
    case 'cases':
      return answerOf(sources.support, (s) => ({ count: s.casesCount, url: s.casesUrl }));
    case 'serviceCatalog':
      return answerOf(sources.support, (s) => ({
        count: s.serviceCatalogCount,
        url: s.serviceCatalogUrl,
      }));
    case 'productSoftwareDownloads':
      return productAnswer((c) => c.productSoftwareDownloads, 'software');
    case 'productNews':
      return productAnswer((c) => c.productNews, 'news');
    case 'news':
      // §2: general news goes to /news with the query.
      return answerOf(sources.news, (total) => ({ count: total, url: paths.news({ query }) }));
  }
}

/** §2: disabled when the count is 0, -1 or none; a card with nowhere to go is inert too. */
export function isCardEnabled(answer: { count: number | null; url: string | null }): boolean {
  return answer.count !== null && answer.count > 0 && answer.url !== null && answer.url !== '';
}

/**
 * The visible cards in the §2 order: the support cards only with SUPPORT_SERVICE_NOW (§6);
 * the University card hidden when its count is -1 (§5).
 */
export function buildSearchCards(input: SearchCardsInput): SearchCard[] {
  const cards: SearchCard[] = [];
  for (const id of SEARCH_CARD_IDS) {
    if (SUPPORT_CARDS.has(id) && !input.canSearchSupport) continue;
    const answer = answerFor(id, input);
    if (id === 'university' && answer.count === -1) continue;
    cards.push({ id, ...answer, enabled: isCardEnabled(answer) });
  }
  return cards;
}

export interface SearchTotal {
  /** §5: the sum of the positive counts of the visible cards. */
  total: number;
  /** A card still answering. */
  loading: boolean;
  /** Every visible card's source answered (none loading, none failed). */
  allAnswered: boolean;
  /** Some count is at the API's bound, so the total is "at least". */
  atLeast: boolean;
}

export function searchTotal(cards: readonly SearchCard[]): SearchTotal {
  let total = 0;
  let atLeast = false;
  for (const card of cards) {
    if (card.state !== 'answered' || card.count === null || card.count <= 0) continue;
    total += card.count;
    if (card.count >= SEARCH_COUNT_LIMIT) atLeast = true;
  }
  const loading = cards.some((card) => card.state === 'loading');
  const failed = cards.some((card) => card.state === 'failed');
  return { total, loading, allAnswered: !loading && !failed, atLeast };
}

/**
 * §2 count label: no results, 1 result, N results (N+ at the API's bound). 'search.count' is a
 * plural key: the language's Intl.PluralRules pick the form (Polish has four).
 */
export function countLabel(count: number): { key: LabelKey; count: number } {
  if (count <= 0) return { key: 'search.count.none', count: 0 };
  if (count >= SEARCH_COUNT_LIMIT) return { key: 'search.count.at-least', count };
  return { key: 'search.count', count };
}

/** The toolbar's plural count label for the total ("N+" at the bound). */
export function totalLabel({ atLeast }: SearchTotal): LabelKey {
  return atLeast ? 'search.total.at-least' : 'search.total';
}
