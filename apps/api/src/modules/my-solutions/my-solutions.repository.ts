import type { Download, ProductSummary, Release, ReleaseNote } from '@portico/contracts';
import type { Queryable } from '../../db/db.js';

/** Every product, and whether the user reaches it (connected, or a vendor employee). */
export async function listProductsFor(db: Queryable, userId: string): Promise<ProductSummary[]> {
  const { rows } = await db.query<{
    id: string;
    product_name: string;
    slug: string;
    content_id: string;
    connected: boolean;
  }>(
    `select p.id, p.product_name, p.slug, p.content_id,
            coalesce((select unit4_employee from users where id = $1), false)
              or exists (select 1 from user_products up where up.user_id = $1 and up.product_id = p.id)
              as connected
       from products p
      order by p.product_name, p.id`,
    [userId],
  );
  return rows.map((r) => ({
    id: r.id,
    productName: r.product_name,
    slug: r.slug,
    contentId: r.content_id,
    connected: r.connected,
  }));
}

/**
 * The products the user reaches (connected, or a vendor employee), each with its one-line
 * description and newest release, or null: the tiles' first lines (issue 37).
 */
export async function listLatestReleasesFor(
  db: Queryable,
  userId: string,
): Promise<{ productId: string; description: string | null; latestRelease: Release | null }[]> {
  const { rows } = await db.query<{
    id: string;
    description: string | null;
    version: string | null;
    release_date: string | null;
  }>(
    `select p.id, nullif(btrim(p.description), '') as description, r.version, to_char(r.release_date, 'YYYY-MM-DD') as release_date
       from products p
       left join lateral (
         select version, release_date from product_releases
          where product_id = p.id order by release_date desc, version desc limit 1
       ) r on true
      where coalesce((select unit4_employee from users where id = $1), false)
         or exists (select 1 from user_products up where up.user_id = $1 and up.product_id = p.id)
      order by p.product_name, p.id`,
    [userId],
  );
  return rows.map((r) => ({
    productId: r.id,
    description: r.description,
    latestRelease:
      r.version !== null && r.release_date !== null
        ? { version: r.version, releaseDate: r.release_date }
        : null,
  }));
}

const isoDate = (value: string | Date): string =>
  typeof value === 'string' ? value.slice(0, 10) : value.toISOString().slice(0, 10);

/** The product's releases, newest first. */

export async function listReleases(db: Queryable, productId: string): Promise<Release[]> {
  const { rows } = await db.query<{ version: string; release_date: string }>(
    `select version, to_char(release_date, 'YYYY-MM-DD') as release_date
       from product_releases where product_id = $1
      order by release_date desc, version desc`,
    [productId],
  );
  return rows.map((r) => ({ version: r.version, releaseDate: r.release_date }));
}

export interface DownloadRow {
  id: string;
  name: string;
  version: string;
  releaseDate: string;
  fileName: string;
  size: number;
  sha256: string;
  seed: string;
}

interface RawDownload {
  id: string;
  name: string;
  version: string;
  release_date: string;
  file_name: string;
  size_bytes: string | number;
  sha256: string;
  byte_seed: string;
}

// Every download query: the download and the date of its release.
const DOWNLOAD_SELECT = `select d.id, d.name, d.version, to_char(r.release_date, 'YYYY-MM-DD') as release_date,
  d.file_name, d.size_bytes, d.sha256, d.byte_seed
  from product_downloads d
  join product_releases r on r.product_id = d.product_id and r.version = d.version`;

function toDownloadRow(r: RawDownload): DownloadRow {
  return {
    id: r.id,
    name: r.name,
    version: r.version,
    releaseDate: isoDate(r.release_date),
    fileName: r.file_name,
    size: Number(r.size_bytes),
    sha256: r.sha256,
    seed: r.byte_seed,
  };
}

/** The product's downloads, newest release first; one release when `version` is given. */
export async function listDownloads(
  db: Queryable,
  productId: string,
  version?: string,
): Promise<DownloadRow[]> {
  const { rows } = await db.query<RawDownload>(
    `${DOWNLOAD_SELECT}
      where d.product_id = $1 and ($2::text is null or d.version = $2)
      order by r.release_date desc, d.version desc, d.name`,
    [productId, version ?? null],
  );
  return rows.map(toDownloadRow);
}

/** One download of the product; null for an unknown id or one of another product. */
export async function findDownload(
  db: Queryable,
  productId: string,
  downloadId: string,
): Promise<DownloadRow | null> {
  const { rows } = await db.query<RawDownload>(
    `${DOWNLOAD_SELECT}
      where d.product_id = $1 and d.id = $2`,
    [productId, downloadId],
  );
  const row = rows[0];
  return row ? toDownloadRow(row) : null;
}

export function toDownload(row: DownloadRow, url: string): Download {
  return {
    id: row.id,
    name: row.name,
    version: row.version,
    releaseDate: row.releaseDate,
    fileName: row.fileName,
    size: row.size,
    sha256: row.sha256,
    url,
  };
}

interface RawNote {
  id: string | number;
  version: string;
  release_date: string;
  title: string;
  content: string;
}

const NOTE_SELECT = `select n.id, n.version, to_char(r.release_date, 'YYYY-MM-DD') as release_date, n.title, n.content
  from product_release_notes n
  join product_releases r on r.product_id = n.product_id and r.version = n.version`;

const toNote = (r: RawNote): ReleaseNote => ({
  id: Number(r.id),
  version: r.version,
  releaseDate: r.release_date,
  title: r.title,
  content: r.content,
});

/** Release notes, newest release first; one version when given. */
export async function listReleaseNotes(
  db: Queryable,
  productId: string,
  version?: string,
): Promise<ReleaseNote[]> {
  const { rows } = await db.query<RawNote>(
    `${NOTE_SELECT}
      where n.product_id = $1 and ($2::text is null or n.version = $2)
      order by r.release_date desc, r.version desc, n.position`,
    [productId, version ?? null],
  );
  return rows.map(toNote);
}

/**
 * The notes of every release after `from` up to and including `to` (by release date), oldest
 * first: what changes when upgrading from `from` to `to` (ADR 0037).
 */
export async function listReleaseChanges(
  db: Queryable,
  productId: string,
  from: Release,
  to: Release,
): Promise<ReleaseNote[]> {
  const { rows } = await db.query<RawNote>(
    `${NOTE_SELECT}
      where n.product_id = $1
        and (r.release_date, r.version) > ($2::date, $3::text)
        and (r.release_date, r.version) <= ($4::date, $5::text)
      order by r.release_date, r.version, n.position`,
    [productId, from.releaseDate, from.version, to.releaseDate, to.version],
  );
  return rows.map(toNote);
}
