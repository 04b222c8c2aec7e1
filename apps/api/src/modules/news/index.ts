// modules/news (§2 news list and detail): the news list, an item, and a product's news.
import { newsRoutes } from './news.routes.js';

/** The answer of a page of news, for a route of another area that lists news (a product's). */
export { newsPageResponse } from './news.routes.js';

/** /api/news*. */
export const newsModule = newsRoutes;

export {
  countNewsSearch,
  countProductNewsSearch,
  findProductNewsItem,
  getCachedNewsPage,
  getLatestProductNews,
  getNewsPage,
  getProductNewsPage,
  type CachedNewsPage,
  type NewsPage,
} from './news.service.js';
/** SQL for a search's one lexeme, which the news postings answer (news_terms, migration 028). */
export {
  phraseMatchSql,
  phrasePairsSql,
  tsqueryLexemesSql,
} from './news-query-words.repository.js';
/** SQL for a search's words and newest matches from the news postings (migration 028). */
export {
  postedScanFellShortSql,
  postedWindowSql,
  postedWordsSql,
  postingOfProductSql,
  productPostingsPaySql,
} from './news-postings.repository.js';
/** SQL for a product's count of a search from its words' counts (migration 045). */
export { productTermCountSql } from './product-term-counts.repository.js';
// Writes of the editor (modules/news-editor) and the event other modules subscribe to.
export { saveLiveNews, type LiveNewsItem } from './news.service.js';
export {
  NEWS_PUBLISHED_JOB,
  newsPublishedJobData,
  type NewsPublishedJobData,
} from './news-events.js';
