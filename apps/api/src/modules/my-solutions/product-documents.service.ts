import {
  DOCUMENT_FACETS,
  DOCUMENTS_PAGE_SIZE,
  type FacetCounts,
  type FacetValue,
  type ProductDocument,
  type ProductDocumentPage,
  type ProductDocumentSummary,
  type ProductDocumentsCriteria,
} from '@portico/contracts';
import type { FastifyRequest } from 'fastify';
import type { Queryable } from '../../db/db.js';
import { BadRequestError, NotFoundError } from '../../lib/errors.js';
import { requireProductAccess, type AccessibleProduct } from '../../lib/product-access.js';
import { sanitizeHtml } from '../../lib/sanitize-html.js';
import type { FacetIndexCache } from './facet-index.js';
import { productDocumentFile } from './product-document-file.js';
import {
  browseDocuments,
  filterByOneFacet,
  findDocuments,
  findProductId,
  listVocabulary,
  searchDocuments,
  type DocumentRow,
  type VocabularyRow,
} from './product-documents.repository.js';

/**
 * The product a documentation call works on: named by id or by contentId (the web knows
 * products by contentId), checked with the one product access rule (404 unknown, 403 not
 * connected, vendor employees reach all).
 */
export async function productFor(
  db: Queryable,
  request: FastifyRequest,
  idOrContentId: string,
): Promise<AccessibleProduct> {
  const id = (await findProductId(db, idOrContentId)) ?? idOrContentId;
  return requireProductAccess(db, request, id);
}

interface Vocabulary {
  byCode: Map<string, FacetValue>;
  byKey: Map<string, number>;
  /** In each facet's order. */
  rows: VocabularyRow[];
}

async function vocabularyOf(db: Queryable): Promise<Vocabulary> {
  const { rows } = await listVocabulary(db);
  return {
    rows,
    byCode: new Map(
      rows.map((r) => [`${r.facet}:${r.code}`, { key: r.value_key, label: r.label }]),
    ),
    byKey: new Map(rows.map((r) => [`${r.facet}:${r.value_key}`, r.code])),
  };
}

function summaryOf(row: DocumentRow, vocabulary: Vocabulary): ProductDocumentSummary {
  const facets = Object.fromEntries(
    DOCUMENT_FACETS.map((facet, i) => [
      facet,
      vocabulary.byCode.get(`${i}:${row.codes[i]}`) ?? { key: '', label: '' },
    ]),
  ) as ProductDocumentSummary['facets'];
  return {
    id: row.id,
    title: row.title,
    summary: row.summary,
    publishedOn: row.published_on,
    facets,
  };
}

/**
 * §9: a page of 20 documents, the total and the counts of all nine facets (ADR 0034).
 * `facetIndexes`: the node's bitmaps (ADR 0055 addendum), used when built and serving.
 */
export async function getDocumentsPage(
  db: Queryable,
  product: AccessibleProduct,
  criteria: ProductDocumentsCriteria,
  facetIndexes?: FacetIndexCache,
): Promise<ProductDocumentPage> {
  const vocabulary = await vocabularyOf(db);
  const selected = new Map<number, number[]>();
  const selectedKeys = new Set<string>();
  DOCUMENT_FACETS.forEach((facet, i) => {
    const keys = criteria.selections[facet];
    if (!keys) return;
    const codes = keys.map((key) => {
      const code = vocabulary.byKey.get(`${i}:${key}`);
      if (code === undefined) throw new BadRequestError(`${facet} has no value "${key}"`);
      selectedKeys.add(`${i}:${code}`);
      return code;
    });
    selected.set(i, codes);
  });

  let result;
  const [onlyFacet, onlyCodes] = (selected.size === 1 && [...selected][0]) || [null, []];
  // Two or more facets without a query: counts need the joint selection, which only the
  // bitmaps answer without reading the product's rows (else the SQL below, linear).
  const bitmaps = !criteria.query && selected.size > 1 ? facetIndexes?.peek(product.id) : undefined;
  if (bitmaps) {
    result = bitmaps.filter(selected, criteria.page);
  } else if (!criteria.query && selected.size === 0) {
    result = await browseDocuments(db, product.id, criteria.page);
  } else if (!criteria.query && onlyFacet !== null) {
    result = await filterByOneFacet(db, product.id, onlyFacet, onlyCodes, criteria.page);
  } else {
    result = await searchDocuments(
      db,
      {
        productId: product.id,
        query: criteria.query,
        sort: criteria.sort,
        page: criteria.page,
        selected,
      },
      // Without a query a lone facet is answered above from stored counts alone.
      null,
    );
  }

  const rows = result.ids.length ? await findDocuments(db, product.id, result.ids, false) : [];
  const byId = new Map(rows.map((r) => [r.id, r]));
  const items = result.ids
    .map((id) => byId.get(id))
    .filter((r): r is DocumentRow => r !== undefined)
    .map((r) => summaryOf(r, vocabulary));

  const counts = new Map(result.counts.map((c) => [`${c.facet}:${c.code}`, c.n]));
  const facets: FacetCounts[] = DOCUMENT_FACETS.map((facet, i) => ({
    facet,
    values: vocabulary.rows
      .filter((v) => v.facet === i)
      .map((v) => ({
        key: v.value_key,
        label: v.label,
        count: counts.get(`${i}:${v.code}`) ?? 0,
        selected: selectedKeys.has(`${i}:${v.code}`),
      }))
      // A value that would give nothing is not offered, unless it is chosen (to unchoose it).
      .filter((v) => v.count > 0 || v.selected),
  }));

  return {
    items,
    total: result.total,
    page: criteria.page,
    pageSize: DOCUMENTS_PAGE_SIZE,
    sort: criteria.sort,
    windowed: result.windowed,
    facets,
  };
}

async function documentOf(
  db: Queryable,
  product: AccessibleProduct,
  documentId: string,
): Promise<{ row: DocumentRow; vocabulary: Vocabulary }> {
  const notFound = new NotFoundError(
    `There is no document ${documentId} in the ${product.productName} documentation.`,
  );
  const id = Number(documentId);
  if (!Number.isSafeInteger(id)) throw notFound;
  const [rows, vocabulary] = await Promise.all([
    findDocuments(db, product.id, [id], true),
    vocabularyOf(db),
  ]);
  const row = rows[0];
  if (!row) throw notFound;
  return { row, vocabulary };
}

/** One document with its sanitised HTML (the one allow-list, ADR 0019). */
export async function getDocument(
  db: Queryable,
  product: AccessibleProduct,
  documentId: string,
): Promise<ProductDocument> {
  const { row, vocabulary } = await documentOf(db, product, documentId);
  return {
    ...summaryOf(row, vocabulary),
    content: sanitizeHtml(row.content),
    productName: product.productName,
  };
}

/** The document as a standalone HTML file: title, where it applies, the sanitised body. */
export async function getDocumentFile(
  db: Queryable,
  product: AccessibleProduct,
  documentId: string,
): Promise<{ fileName: string; body: string }> {
  const document = await getDocument(db, product, documentId);
  const body = productDocumentFile(document);
  const slug = document.title
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80);
  return { fileName: `${slug || 'document'}-${document.id}.html`, body };
}
