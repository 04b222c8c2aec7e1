import { z } from 'zod';
import { hasControlCharacters } from './text.js';
import { searchText } from './search.js';
import { caseStatusCodeSchema } from './services.js';

import {
  SEARCH_HITS_PER_SOURCE,
  SEARCH_MIN_LENGTH,
  SEARCH_SUGGESTIONS_LIMIT,
} from './search-limits.js';

export { SEARCH_HITS_PER_SOURCE, SEARCH_MIN_LENGTH, SEARCH_SUGGESTIONS_LIMIT };

/** An optional product: '' (the header's "all products") means none. */
const optionalProductId = z
  .string({ error: 'productId must be given once' })
  .trim()
  .max(100, { error: 'productId must be at most 100 characters' })
  .refine((value) => !hasControlCharacters(value), {
    error: 'productId must not contain control characters',
  })
  .optional()
  .transform((value) => (value === '' ? undefined : value));

/** `GET {api}/search/hits` and `GET {api}/search/suggestions`. */
export const searchHitsQuerySchema = z.object({
  query: searchText,
  productId: optionalProductId,
});
export type SearchHitsQuery = z.input<typeof searchHitsQuerySchema>;

/** The sources whose content the portal holds: each is one card of §2's results page. */
export const searchHitSourceSchema = z.enum([
  'knowledgeArticles',
  'productDocumentation',
  'cases',
  'serviceCatalog',
  'productSoftwareDownloads',
  'productNews',
  'news',
]);
export type SearchHitSource = z.infer<typeof searchHitSourceSchema>;

/**
 * A text cut in pieces, the matched words marked: the web renders each piece as a text node
 * (a match in <mark>), so no markup from a title or a body is ever rendered as HTML.
 */
export const textSegmentsSchema = z.array(
  z.object({ text: z.string(), match: z.boolean() }).describe('A piece of text; match: a hit.'),
);
export type TextSegments = z.infer<typeof textSegmentsSchema>;

export const searchHitSchema = z.object({
  id: z.string(),
  title: textSegmentsSchema,
  /** A few words around the matches, from the item's text ([] when the text has none). */
  snippet: textSegmentsSchema,
  /** ISO 8601 date (publication, opening) or null when the source has no date. */
  date: z.string().nullable(),
  /** What kind of item, as the content names it (a catalogue item's category, an article's number). */
  type: z.string().nullable(),
  /** A support case's status (cases only; the page shows it in the reader's language). */
  status: caseStatusCodeSchema.nullable(),
  /** The item: a path in the app (/…) or, for knowledge articles, the support system's page. */
  href: z.string(),
});
export type SearchHit = z.infer<typeof searchHitSchema>;

export const searchSourceHitsSchema = z.object({
  source: searchHitSourceSchema,
  hits: z.array(searchHitSchema),
});
export type SearchSourceHits = z.infer<typeof searchSourceHitsSchema>;

export const searchHitsSchema = z.object({
  /** The query the hits are for: the corrected one when `correction.applied`. */
  query: z.string(),
  /**
   * A spelling correction: applied when the query found nothing and the corrected one finds
   * (the hits are then the corrected query's), else offered ("did you mean") when the
   * corrected query finds far more. Null when no word needs one.
   */
  correction: z.object({ query: z.string(), applied: z.boolean() }).nullable(),
  /** Only the sources the caller may see and the portal holds; in the §2 card order. */
  sources: z.array(searchSourceHitsSchema),
});
export type SearchHits = z.infer<typeof searchHitsSchema>;

export const searchSuggestionSchema = z.object({
  source: searchHitSourceSchema,
  title: textSegmentsSchema,
  href: z.string(),
});
export type SearchSuggestion = z.infer<typeof searchSuggestionSchema>;

export const searchSuggestionsSchema = z.object({
  suggestions: z.array(searchSuggestionSchema).max(SEARCH_SUGGESTIONS_LIMIT),
});
export type SearchSuggestions = z.infer<typeof searchSuggestionsSchema>;

/** The caller's own recent searches, newest first (the header box shows them when empty). */
export const recentSearchesSchema = z.object({
  searches: z.array(z.object({ query: z.string(), productId: z.string().nullable() })),
});
export type RecentSearches = z.infer<typeof recentSearchesSchema>;
