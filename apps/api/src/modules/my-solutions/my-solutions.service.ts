import type {
  Download,
  ProductHighlight,
  ProductSummary,
  Release,
  ReleaseNote,
} from '@portico/contracts';
import type { Queryable } from '../../db/db.js';
import { getLatestProductNews } from '../news/index.js';
import {
  findDownload,
  listDownloads,
  listLatestReleasesFor,
  listProductsFor,
  listReleaseChanges,
  listReleaseNotes,
  listReleases,
  toDownload,
  type DownloadRow,
} from './my-solutions.repository.js';

// My Solutions (§1): the reads behind the product routes. The product itself is checked
// first by each route (lib/product-access: unknown 404, not connected 403).

/** The products the caller's account is connected to (all of them for vendor employees). */
export function getProductsFor(db: Queryable, userId: string): Promise<ProductSummary[]> {
  return listProductsFor(db, userId);
}

/**
 * The dashboard tiles' lines (issue 37): each reachable product's description and newest
 * release (here) and newest product news (the news module's).
 */
export async function getProductHighlights(
  db: Queryable,
  userId: string,
): Promise<ProductHighlight[]> {
  const releases = await listLatestReleasesFor(db, userId);
  const news = await getLatestProductNews(
    db,
    releases.map((r) => r.productId),
  );
  const newsOf = new Map(news.map(({ productId, ...item }) => [productId, item]));
  return releases.map((r) => ({ ...r, latestNews: newsOf.get(r.productId) ?? null }));
}

/** The product's releases, newest first. */
export function getReleases(db: Queryable, productId: string): Promise<Release[]> {
  return listReleases(db, productId);
}

/** The downloads of the product (of one release when `version` is given), with their URLs. */
export async function getDownloads(
  db: Queryable,
  productId: string,
  version: string | undefined,
  urlOf: (downloadId: string) => string,
): Promise<Download[]> {
  const rows = await listDownloads(db, productId, version);
  return rows.map((row) => toDownload(row, urlOf(row.id)));
}

/** One download's row (its file's name, size and checksum), or null. */
export function getDownload(
  db: Queryable,
  productId: string,
  downloadId: string,
): Promise<DownloadRow | null> {
  return findDownload(db, productId, downloadId);
}

/** Release notes of the product (of one release when `version` is given). */
export function getReleaseNotes(
  db: Queryable,
  productId: string,
  version: string | undefined,
): Promise<ReleaseNote[]> {
  return listReleaseNotes(db, productId, version);
}

/** What changed between two releases: the notes of every release after `from` up to `to`. */
export function getReleaseChanges(
  db: Queryable,
  productId: string,
  from: Release,
  to: Release,
): Promise<ReleaseNote[]> {
  return listReleaseChanges(db, productId, from, to);
}
