import { productSearchCountsSchema } from '@portico/contracts';
import { z } from 'zod';
import type { Env } from '../../config/env.js';
import type { Queryable } from '../../db/db.js';
import { countProductNewsSearch } from '../news/index.js';
import {
  countCommunityPosts,
  countProductContent,
  countSupport,
  countUniversityCourses,
} from './search.repository.js';
import { type SearchCaches, throughCache } from './search-cache.js';
import { builtInSearchSource, httpSearchSource, type SearchSource } from './search-source.js';

export interface ProductCriteria {
  /** Our products.id (built-in tables). */
  productId: string;
  /** The product's contentId (what external systems know it by). */
  contentId: string;
  query: string;
}
export interface TextCriteria {
  query: string;
}
export interface SupportCriteria {
  /** The caller's account: cases and knowledge articles are scoped to it. */
  accountId: string;
  query: string;
}

export interface ProductCounts {
  productDocumentation: number;
  productSoftwareDownloads: number;
  productNews: number;
}
/** A count, and the source's own search address when it gives one. */
export interface TextCount {
  count: number;
  url?: string | undefined;
}
export interface SupportCounts {
  casesCount: number;
  serviceCatalogCount: number;
  knowledgeArticlesCount: number;
}

export interface SearchSources {
  product: SearchSource<ProductCriteria, ProductCounts>;
  community: SearchSource<TextCriteria, TextCount>;
  support: SearchSource<SupportCriteria, SupportCounts>;
  university: SearchSource<TextCriteria, TextCount>;
}

const count = z.number().int().min(0);
const textCountSchema = z.object({ count, url: z.url().optional() });
const supportCountsSchema = z.object({
  casesCount: count,
  serviceCatalogCount: count,
  knowledgeArticlesCount: count,
});

/**
 * Picks each source's connector from configuration: SEARCH_<SOURCE>_URL set = the HTTP
 * connector over that address (bounded by SEARCH_TIMEOUT_MS), unset = the built-in tables,
 * whose counts go through the instance's search caches when given.
 */
export function createSearchSources(env: Env, db: Queryable, caches?: SearchCaches): SearchSources {
  const timeoutMs = env.SEARCH_TIMEOUT_MS;
  return {
    product: env.SEARCH_PRODUCT_URL
      ? httpSearchSource({
          id: 'product',
          url: env.SEARCH_PRODUCT_URL,
          timeoutMs,
          params: (c: ProductCriteria) => ({ productId: c.contentId, query: c.query }),
          schema: productSearchCountsSchema,
        })
      : builtInSearchSource('product', async (c: ProductCriteria) => {
          const n = await throughCache(caches?.productCounts, [c.productId, c.query], async () => {
            const [content, news] = await Promise.all([
              countProductContent(db, c.productId, c.query),
              countProductNewsSearch(db, c.productId, c.query),
            ]);
            return { ...content, news };
          });
          return {
            productDocumentation: n.documentation,
            productSoftwareDownloads: n.software,
            productNews: n.news,
          };
        }),
    community: env.SEARCH_COMMUNITY_URL
      ? httpSearchSource({
          id: 'community',
          url: env.SEARCH_COMMUNITY_URL,
          timeoutMs,
          params: (c: TextCriteria) => ({ query: c.query }),
          schema: textCountSchema,
        })
      : builtInSearchSource('community', async (c: TextCriteria) => ({
          count: await throughCache(caches?.textCounts, ['community', c.query], () =>
            countCommunityPosts(db, c.query),
          ),
        })),
    support: env.SEARCH_SUPPORT_URL
      ? httpSearchSource({
          id: 'support',
          url: env.SEARCH_SUPPORT_URL,
          timeoutMs,
          params: (c: SupportCriteria) => ({ accountId: c.accountId, query: c.query }),
          schema: supportCountsSchema,
        })
      : builtInSearchSource('support', async (c: SupportCriteria) => {
          const n = await throughCache(caches?.supportCounts, [c.accountId, c.query], () =>
            countSupport(db, c.accountId, c.query),
          );
          return {
            casesCount: n.cases,
            serviceCatalogCount: n.catalog,
            knowledgeArticlesCount: n.articles,
          };
        }),
    university: env.SEARCH_UNIVERSITY_URL
      ? httpSearchSource({
          id: 'university',
          url: env.SEARCH_UNIVERSITY_URL,
          timeoutMs,
          params: (c: TextCriteria) => ({ query: c.query }),
          schema: textCountSchema,
        })
      : builtInSearchSource('university', async (c: TextCriteria) => ({
          count: await throughCache(caches?.textCounts, ['university', c.query], () =>
            countUniversityCourses(db, c.query),
          ),
        })),
  };
}
