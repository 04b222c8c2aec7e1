import type {
  CombinedSearchCounts,
  CommunitySearchCount,
  ProductSearchCounts,
  SearchSourceName,
  SupportSearchCounts,
  UniversitySearchCount,
} from '@portico/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Env } from '../../config/env.js';
import type { Db } from '../../db/db.js';
import { ForbiddenError, NotFoundError } from '../../lib/errors.js';
import { countNewsSearch } from '../news/index.js';
import { type SearchCaches, searchCaller, searchProduct, throughCache } from './search-cache.js';
import { SearchSourceError } from './search-source.js';
import type { SearchSources } from './search-sources.js';

/**
 * What the count rules need: the database, the configured sources, the addresses, a log, and
 * the instance's search caches (the gates' and the news count's; the sources hold their own).
 */
export interface SearchContext {
  db: Db;
  sources: SearchSources;
  env: Pick<Env, 'COMMUNITY_URL' | 'LEARNING_URL' | 'CSM_URL'>;
  log: Pick<FastifyBaseLogger, 'warn'>;
  caches?: SearchCaches | undefined;
}

/** `{base}/{path}?query=…`: a site's own search page for the query. */
function searchUrl(base: string, path: string, query: string): string {
  return `${base.replace(/\/+$/, '')}/${path}?${new URLSearchParams({ query }).toString()}`;
}

async function productOf(ctx: SearchContext, contentId: string) {
  const product = await searchProduct(ctx, contentId);
  // §3 Product: the web names products by contentId; an unknown one is a 404, not zeros.
  if (!product) throw new NotFoundError(`There is no product with id ${contentId}.`);
  return product;
}

/** §7 GET search/count: documentation, software downloads and product news of one product. */
export async function getProductCounts(
  ctx: SearchContext,
  criteria: { productId: string; query: string },
): Promise<ProductSearchCounts> {
  const product = await productOf(ctx, criteria.productId);
  return ctx.sources.product.count({
    productId: product.id,
    contentId: product.contentId,
    query: criteria.query,
  });
}

/** §7 GET communities/search/count. */
export async function getCommunityCount(
  ctx: SearchContext,
  query: string,
): Promise<CommunitySearchCount> {
  const result = await ctx.sources.community.count({ query });
  return {
    count: result.count,
    url: result.url ?? searchUrl(ctx.env.COMMUNITY_URL, 'search', query),
  };
}

/**
 * §7 GET support/count, §6 SUPPORT_SERVICE_NOW: only a holder of that permission, and only for
 * their own userId (anything else is 403). Cases and knowledge articles are the caller's
 * account's.
 */
export async function getSupportCounts(
  ctx: SearchContext,
  callerId: string,
  criteria: { userId: string; query: string },
): Promise<SupportSearchCounts> {
  if (criteria.userId !== callerId) {
    throw new ForbiddenError('You may only search the support system as yourself.');
  }
  const caller = await searchCaller(ctx, callerId);
  if (!caller?.permissions.includes('SUPPORT_SERVICE_NOW')) {
    throw new ForbiddenError(
      'Searching the support system needs the SUPPORT_SERVICE_NOW permission.',
    );
  }
  const counts = await ctx.sources.support.count({
    accountId: caller.accountId,
    query: criteria.query,
  });
  const { query } = criteria;
  return {
    ...counts,
    casesUrl: searchUrl(ctx.env.CSM_URL, 'cases', query),
    serviceCatalogUrl: searchUrl(ctx.env.CSM_URL, 'catalog', query),
    knowledgeArticlesUrl: searchUrl(ctx.env.CSM_URL, 'knowledge', query),
  };
}

/** §7 GET university/search/count: count -1 when the learning platform cannot be reached. */
export async function getUniversityCount(
  ctx: SearchContext,
  query: string,
): Promise<UniversitySearchCount> {
  const url = searchUrl(ctx.env.LEARNING_URL, 'search', query);
  try {
    const result = await ctx.sources.university.count({ query });
    return { count: result.count, url: result.url ?? url };
  } catch (error) {
    ctx.log.warn({ err: error, source: 'university' }, 'Error in University or SN call');
    return { count: -1, url };
  }
}

/**
 * §7 Combined count: product and community counts in parallel, plus the general news total
 * for the query (the news list's X-Total-Count for it, from the news service). Each source
 * may fail on its own: its counts are then null and it is named in `errors`.
 */
export async function getCombinedCounts(
  ctx: SearchContext,
  criteria: { productId: string; query: string },
): Promise<CombinedSearchCounts> {
  const product = await productOf(ctx, criteria.productId);
  const { query } = criteria;
  const [productResult, communityResult, newsResult] = await Promise.allSettled([
    ctx.sources.product.count({ productId: product.id, contentId: product.contentId, query }),
    getCommunityCount(ctx, query),
    throughCache(ctx.caches?.textCounts, ['news', query], () => countNewsSearch(ctx.db, query)),
  ]);

  const errors: CombinedSearchCounts['errors'] = [];
  const settle = <T>(source: SearchSourceName, result: PromiseSettledResult<T>): T | null => {
    if (result.status === 'fulfilled') return result.value;
    ctx.log.warn({ err: result.reason, source }, 'A search count source failed');
    errors.push({ source, message: messageOf(source, result.reason) });
    return null;
  };
  const productCounts = settle('product', productResult);
  const communitySearch = settle('community', communityResult);
  const news = settle('news', newsResult);
  return {
    productDocumentation: productCounts?.productDocumentation ?? null,
    productSoftwareDownloads: productCounts?.productSoftwareDownloads ?? null,
    productNews: productCounts?.productNews ?? null,
    communitySearch,
    news,
    errors,
  };
}

/** Source errors carry messages written for the caller; anything else stays in the log. */
function messageOf(source: SearchSourceName, reason: unknown): string {
  return reason instanceof SearchSourceError ? reason.message : `The ${source} search failed.`;
}
