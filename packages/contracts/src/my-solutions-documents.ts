import { z } from 'zod';
import { failWith, singleQueryValue } from './query-values.js';
import { hasControlCharacters } from './text.js';

/**
 * Product documentation (issue 13, §1 "product documentation … per product", §9 facets, sort
 * options, page size 20). `GET /api/products/{productId}/documents` searches one product's
 * documents; `GET …/documents/{documentId}` opens one. Facet model: ADR 0034.
 */

/** §9 document-type facets, in the spec's order, with their query-string keys. */
export const DOCUMENT_FACETS = [
  'country',
  'engine',
  'language',
  'module',
  'process',
  'product',
  'release',
  'documentType',
  'type',
] as const;
export type DocumentFacet = (typeof DOCUMENT_FACETS)[number];

/** §9 sort options. `relevance` without a query falls back to `date` (nothing to rank by). */
export const DOCUMENT_SORTS = ['date', 'relevance'] as const;
export type DocumentSort = (typeof DOCUMENT_SORTS)[number];

/** §9 default page size 20: the documentation list always pages by 20. */
export const DOCUMENTS_PAGE_SIZE = 20;
export const DOCUMENTS_MAX_PAGE = 50_000;
export const DOCUMENTS_MAX_QUERY_LENGTH = 200;
/** Values one facet may select at once; the vocabularies are far smaller. */
export const DOCUMENTS_MAX_FACET_VALUES = 50;
/** A search considers its newest matches up to this many (ADR 0034, as ADR 0004 for news). */
export const DOCUMENTS_SEARCH_WINDOW = 2000;

const FACET_VALUE_KEY = /^[a-z0-9][a-z0-9.-]{0,63}$/;

/** One value of a facet: its stable key (used in URLs) and its display name. */
export const facetValueSchema = z.object({ key: z.string(), label: z.string() });
export type FacetValue = z.infer<typeof facetValueSchema>;

/** A facet value with how many documents it would give (ADR 0034: the other facets applied). */
export const facetCountSchema = facetValueSchema.extend({
  count: z.number().int(),
  selected: z.boolean(),
});
export type FacetCount = z.infer<typeof facetCountSchema>;

export const facetCountsSchema = z.object({
  facet: z.enum(DOCUMENT_FACETS),
  values: z.array(facetCountSchema),
});
export type FacetCounts = z.infer<typeof facetCountsSchema>;

const documentFacetValuesSchema = z.object(
  Object.fromEntries(DOCUMENT_FACETS.map((f) => [f, facetValueSchema])) as Record<
    DocumentFacet,
    typeof facetValueSchema
  >,
);

export const productDocumentSummarySchema = z.object({
  id: z.number().int(),
  title: z.string(),
  summary: z.string(),
  /** ISO yyyy-mm-dd. */
  publishedOn: z.string(),
  facets: documentFacetValuesSchema,
});
export type ProductDocumentSummary = z.infer<typeof productDocumentSummarySchema>;

export const productDocumentPageSchema = z.object({
  items: z.array(productDocumentSummarySchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  /** The order applied (relevance without a query is date). */
  sort: z.enum(DOCUMENT_SORTS),
  /** True when a search matched more than the search window; total and counts cover the window. */
  windowed: z.boolean(),
  /** All nine §9 facets, in that order; values with no documents are left out unless selected. */
  facets: z.array(facetCountsSchema),
});
export type ProductDocumentPage = z.infer<typeof productDocumentPageSchema>;

export const productDocumentSchema = productDocumentSummarySchema.extend({
  /** Sanitised HTML (the one allow-list, ADR 0019). */
  content: z.string(),
  productName: z.string(),
});
export type ProductDocument = z.infer<typeof productDocumentSchema>;

/** A product id or a product's contentId (the web names products by contentId, §3). */
const productIdSchema = z
  .string()
  .regex(/^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$/, { error: 'The product id is not valid.' });

export const productDocumentsParamsSchema = z.object({ productId: productIdSchema });

export const productDocumentParamsSchema = z.object({
  productId: productIdSchema,
  documentId: z.string().regex(/^\d{1,15}$/, { error: 'The document id must be a whole number.' }),
});

/** A facet parameter: given once or repeated (`release=2024.1&release=2025.1`). */
const facetParam = (facet: DocumentFacet) =>
  z.union([z.string(), z.array(z.string())], {
    error: `${facet} must be text, once or repeated`,
  });

/**
 * The query string of `GET /api/products/{productId}/documents`. Facet values are their keys;
 * several values of one facet mean any of them, several facets mean all of them.
 */
export const productDocumentsQuerySchema = z
  .object({
    query: singleQueryValue('query'),
    sort: singleQueryValue('sort'),
    page: singleQueryValue('page'),
    ...(Object.fromEntries(DOCUMENT_FACETS.map((f) => [f, facetParam(f).optional()])) as Record<
      DocumentFacet,
      z.ZodOptional<ReturnType<typeof facetParam>>
    >),
  })
  .transform((raw, ctx) => {
    const fail = failWith(ctx);
    const query = raw.query?.trim() ?? '';
    if (query.length > DOCUMENTS_MAX_QUERY_LENGTH)
      return fail(`query must be at most ${DOCUMENTS_MAX_QUERY_LENGTH} characters`);
    if (hasControlCharacters(query)) return fail('query must not contain control characters');

    const rawPage = raw.page ?? '';
    const page = rawPage === '' ? 1 : /^\d{1,9}$/.test(rawPage) ? Number(rawPage) : 0;
    if (page < 1 || page > DOCUMENTS_MAX_PAGE)
      return fail(`page must be a whole number from 1 to ${DOCUMENTS_MAX_PAGE}`);

    const sortText = raw.sort ?? '';
    if (sortText !== '' && !(DOCUMENT_SORTS as readonly string[]).includes(sortText))
      return fail(`sort must be one of ${DOCUMENT_SORTS.join(', ')}`);
    const requested: DocumentSort =
      sortText === '' ? (query ? 'relevance' : 'date') : (sortText as DocumentSort);
    const sort: DocumentSort = query ? requested : 'date';

    const selections: Partial<Record<DocumentFacet, string[]>> = {};
    for (const facet of DOCUMENT_FACETS) {
      const given = raw[facet];
      if (given === undefined) continue;
      const values = [...new Set((Array.isArray(given) ? given : [given]).filter((v) => v !== ''))];
      if (values.length > DOCUMENTS_MAX_FACET_VALUES)
        return fail(`${facet} may name at most ${DOCUMENTS_MAX_FACET_VALUES} values`);
      const bad = values.find((v) => !FACET_VALUE_KEY.test(v));
      if (bad !== undefined) return fail(`${facet} has no value "${bad.slice(0, 64)}"`);
      if (values.length > 0) selections[facet] = values;
    }
    return { query, sort, page, selections };
  });
export type ProductDocumentsCriteria = z.output<typeof productDocumentsQuerySchema>;

/** The downloaded document: a standalone HTML file. */
export const productDocumentFileSchema = z
  .string()
  .describe('The document as a standalone HTML page (UTF-8).');
