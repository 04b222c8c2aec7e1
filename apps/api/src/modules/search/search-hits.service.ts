import {
  caseStatusCodeSchema,
  type SearchHit,
  type SearchHitSource,
  type SearchHits,
  type SearchSourceHits,
} from '@portico/contracts';
import { newsItemPath } from '@portico/contracts/paths';
import type { Env } from '../../config/env.js';
import type { Queryable } from '../../db/db.js';
import { NotFoundError } from '../../lib/errors.js';
import { correctQuery } from './search-correction.js';
import { findHits, type HitRow } from './search-hits.repository.js';
import { MATCH_END, MATCH_START } from './search-hit-sources.repository.js';
import type { ProductRef } from './search.repository.js';
import { type SearchCaches, searchCaller, searchProduct, throughCache } from './search-cache.js';
import { toSegments } from './search-segments.js';

/**
 * What the hits need: the database, which sources are external (SEARCH_*_URL), and the
 * instance's search caches (none: every answer from the database).
 */
export interface SearchHitsContext {
  db: Queryable;
  env: Pick<Env, 'CSM_URL' | 'SEARCH_PRODUCT_URL' | 'SEARCH_SUPPORT_URL'>;
  caches?: SearchCaches | undefined;
}

/** A corrected query is offered ("did you mean") when it finds this many times more. */
const FAR_MORE_FACTOR = 3;
/** … and at least this many more matches. */
const FAR_MORE_MARGIN = 3;

interface Scoped {
  source: SearchHitSource;
  scope?: string;
}

/** The searchable sources of one caller, in §2's card order, with what scopes each. */
export interface HitPlan {
  sources: Scoped[];
  /** The product whose sources are searched (the caller reaches it), or null. */
  product: ProductRef | null;
}

/**
 * §2 and §6, as for the cards: knowledge articles, cases and the service catalogue only with
 * SUPPORT_SERVICE_NOW (cases and articles of the caller's account); product sources only for
 * a product the caller reaches; a source configured as an external count service has no hits
 * here (the portal does not hold its content). An unknown product is a 404, as for counts.
 */
export async function planHits(
  ctx: SearchHitsContext,
  callerId: string,
  productId: string | undefined,
): Promise<HitPlan> {
  const [caller, product] = await Promise.all([
    searchCaller(ctx, callerId),
    productId === undefined ? null : searchProduct(ctx, productId),
  ]);
  if (productId !== undefined && product === null) {
    throw new NotFoundError(`There is no product with id ${productId}.`);
  }
  const support =
    !ctx.env.SEARCH_SUPPORT_URL && caller?.permissions.includes('SUPPORT_SERVICE_NOW');
  // The caller reaches it: connected to it, or a vendor employee (as My Solutions says).
  const reachable =
    product !== null && (caller?.employee === true || caller?.productIds.includes(product.id));
  const products = !ctx.env.SEARCH_PRODUCT_URL && reachable === true;
  const sources: Scoped[] = [];
  if (support && caller) sources.push({ source: 'knowledgeArticles', scope: caller.accountId });
  if (products) sources.push({ source: 'productDocumentation', scope: product.id });
  if (support && caller) {
    sources.push({ source: 'cases', scope: caller.accountId }, { source: 'serviceCatalog' });
  }
  if (products) {
    sources.push(
      { source: 'productSoftwareDownloads', scope: product.id },
      { source: 'productNews', scope: product.id },
    );
  }
  sources.push({ source: 'news' });
  return { sources, product: products ? product : null };
}

interface Found {
  found: number;
  sources: SearchSourceHits[];
}

async function searchPlan(ctx: SearchHitsContext, plan: HitPlan, query: string): Promise<Found> {
  const results = await throughCache(ctx.caches?.hits, [plan.sources, query], () =>
    findHits(ctx.db, plan.sources, query),
  );
  return {
    found: results.reduce((sum, r) => sum + r.found, 0),
    sources: results.map((result, i) => {
      const source = plan.sources[i]?.source ?? 'news';
      return { source, hits: result.rows.map((row) => toHit(ctx, plan, source, row, query)) };
    }),
  };
}

/**
 * The hits of every source the caller may search, with a spelling correction: when the query
 * finds nothing and the corrected one does, the corrected query's hits (applied); when the
 * corrected one finds far more, the query's hits and the correction offered.
 */
export async function getSearchHits(
  ctx: SearchHitsContext,
  callerId: string,
  criteria: { query: string; productId?: string | undefined },
): Promise<SearchHits> {
  const plan = await planHits(ctx, callerId, criteria.productId);
  const { query } = criteria;
  const [found, corrected] = await Promise.all([
    searchPlan(ctx, plan, query),
    throughCache(ctx.caches?.corrections, [query], () => correctQuery(ctx.db, query)),
  ]);
  if (corrected === null) return { query, correction: null, sources: found.sources };
  const better = await searchPlan(ctx, plan, corrected);
  if (found.found === 0 && better.found > 0) {
    return { query: corrected, correction: { query: corrected, applied: true }, ...better };
  }
  const farMore =
    better.found >= found.found * FAR_MORE_FACTOR && better.found - found.found >= FAR_MORE_MARGIN;
  return {
    query,
    correction: farMore ? { query: corrected, applied: false } : null,
    sources: found.sources,
  };
}

/** Sources whose text is an HTML body (its tags stripped in SQL, its entities decoded here). */
const HTML_BODIES: ReadonlySet<SearchHitSource> = new Set([
  'news',
  'productNews',
  'productDocumentation',
]);

const plain = (marked: string) => marked.replaceAll(MATCH_START, '').replaceAll(MATCH_END, '');
const seg = encodeURIComponent;

/** Where a hit leads: its page in the app, or the support system's for a knowledge article. */
export function hitHref(
  ctx: SearchHitsContext,
  product: ProductRef | null,
  source: SearchHitSource,
  row: Pick<HitRow, 'ref' | 'title'>,
  query: string,
): string {
  const productPath = product ? `/my-solutions/${seg(product.slug)}/${seg(product.contentId)}` : '';
  const title = plain(row.title);
  switch (source) {
    case 'news':
      return newsItemPath(title, row.ref);
    case 'productNews':
      return `${productPath}${newsItemPath(title, row.ref)}`;
    case 'productDocumentation':
      return `${productPath}/documentation/${seg(row.ref)}`;
    case 'productSoftwareDownloads':
      // Downloads have no page of their own: the software tab filtered by the query.
      return `${productPath}/software?${new URLSearchParams({ query }).toString()}`;
    case 'knowledgeArticles':
      return `${ctx.env.CSM_URL.replace(/\/+$/, '')}/knowledge?${new URLSearchParams({ query: row.ref }).toString()}`;
    case 'cases':
      return `/services/track-case/${seg(row.ref)}`;
    case 'serviceCatalog':
      return '/services/service-request';
  }
}

function toHit(
  ctx: SearchHitsContext,
  plan: HitPlan,
  source: SearchHitSource,
  row: HitRow,
  query: string,
): SearchHit {
  return {
    id: row.id,
    title: toSegments(row.title),
    snippet: toSegments(row.snippet, HTML_BODIES.has(source)),
    date: row.date,
    ...kindOf(source, row.type),
    href: hitHref(ctx, plan.product, source, row, query),
  };
}

/**
 * A case's stored status ("In progress") as its code, for the page to show in the reader's
 * language; a status outside the codes stays as written rather than failing the answer.
 */
function kindOf(source: SearchHitSource, type: string | null): Pick<SearchHit, 'type' | 'status'> {
  if (source !== 'cases' || type === null) return { type, status: null };
  const code = caseStatusCodeSchema.safeParse(type.toLowerCase().replace(/\s+/g, '-'));
  return code.success ? { type: null, status: code.data } : { type, status: null };
}
