import { z } from 'zod';
import { hasControlCharacters } from './text.js';

/** Search text limits of every count endpoint (§7 search rows). */
export const SEARCH_MAX_QUERY_LENGTH = 200;

/**
 * Built-in counts stop at this many matches (like the news total, which counts the newest
 * 1000 matches): a count of SEARCH_COUNT_LIMIT means "at least that many". Counting every
 * match of a frequent word reads most of a table (issue 4 Speed; docs/decisions/0006).
 */
export const SEARCH_COUNT_LIMIT = 1000;

/**
 * One query-string value; a repeated parameter arrives as a list and is refused, and control
 * characters are refused before they reach a database or an external source.
 */
export function searchParamText(name: string, max: number) {
  return z
    .string({ error: `${name} is required, given once` })
    .trim()
    .min(1, { error: `${name} is required` })
    .max(max, { error: `${name} must be at most ${max} characters` })
    .refine((value) => !hasControlCharacters(value), {
      error: `${name} must not contain control characters`,
    });
}

export const searchText = searchParamText('query', SEARCH_MAX_QUERY_LENGTH);

/** `GET {api}/search/count` and `GET {api}/search/combined-count`: productId is a product's contentId. */
export const productSearchCountQuerySchema = z.object({
  productId: searchParamText('productId', 100),
  query: searchText,
});
export type ProductSearchCountQuery = z.output<typeof productSearchCountQuerySchema>;

/** `GET {api}/communities/search/count` and `GET {api}/university/search/count`. */
export const textSearchCountQuerySchema = z.object({ query: searchText });

/** `GET {api}/support/count`: userId must be the caller's own (§6 SUPPORT_SERVICE_NOW). */
export const supportSearchCountQuerySchema = z.object({
  userId: searchParamText('userId', 100),
  query: searchText,
});

const count = z.number().int().min(0);

/** Product content counts for one product (§3 Combined search counts, product part). */
export const productSearchCountsSchema = z.object({
  productDocumentation: count,
  productSoftwareDownloads: count,
  productNews: count,
});
export type ProductSearchCounts = z.infer<typeof productSearchCountsSchema>;

/** Community count and the community site's search address for the query. */
export const communitySearchCountSchema = z.object({ count, url: z.string() });
export type CommunitySearchCount = z.infer<typeof communitySearchCountSchema>;

/** §3 Support search counts. */
export const supportSearchCountsSchema = z.object({
  casesCount: count,
  serviceCatalogCount: count,
  knowledgeArticlesCount: count,
  casesUrl: z.string(),
  serviceCatalogUrl: z.string(),
  knowledgeArticlesUrl: z.string(),
});
export type SupportSearchCounts = z.infer<typeof supportSearchCountsSchema>;

/** §3 University search: count is -1 when the learning platform cannot be reached. */
export const universitySearchCountSchema = z.object({
  count: z.number().int().min(-1),
  url: z.string(),
});
export type UniversitySearchCount = z.infer<typeof universitySearchCountSchema>;

export const searchSourceNameSchema = z.enum(['product', 'community', 'news']);
export type SearchSourceName = z.infer<typeof searchSourceNameSchema>;

/**
 * §3 Combined search counts. Each source is tolerated on its own: a failed source leaves its
 * counts null and is named in `errors`; the others still answer.
 */
export const combinedSearchCountsSchema = z.object({
  productDocumentation: count.nullable(),
  productSoftwareDownloads: count.nullable(),
  productNews: count.nullable(),
  communitySearch: communitySearchCountSchema.nullable(),
  /** The general news total for the query (the news list's X-Total-Count). */
  news: count.nullable(),
  errors: z.array(z.object({ source: searchSourceNameSchema, message: z.string() })),
});
export type CombinedSearchCounts = z.infer<typeof combinedSearchCountsSchema>;
