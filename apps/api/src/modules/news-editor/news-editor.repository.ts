import type { NewsEditorialStatus } from '@portico/contracts';
import { hasRowBy, writeBy, type Queryable } from '../../db/db.js';

/** A row of news_editorial (migration 012) with dates as epoch milliseconds. */
export interface EditorialRow {
  id: number;
  status: NewsEditorialStatus;
  title: string;
  subtitle: string;
  location: string;
  publication_ms: number;
  introduction: string;
  content: string;
  header_image_large: string | null;
  header_image_medium: string | null;
  header_image_small: string | null;
  sales: boolean;
  product_ids: string[];
  author_name: string;
  updated_ms: number;
  announced_ms: number | null;
  version: number;
}

/** The writable fields of an editorial row. */
export interface EditorialWrite {
  status: NewsEditorialStatus;
  title: string;
  subtitle: string;
  location: string;
  publicationDate: number;
  introduction: string;
  /** Already sanitised. */
  content: string;
  headerImage: { large: string; medium: string; small: string } | null;
  sales: boolean;
  productIds: string[];
}

/** As a driver answers it: bigints may come as strings (ids, epoch milliseconds). */
interface EditorialDbRow extends Omit<
  EditorialRow,
  'id' | 'publication_ms' | 'updated_ms' | 'announced_ms'
> {
  id: number | string;
  publication_ms: number | string;
  updated_ms: number | string;
  announced_ms: number | string | null;
}

/** The one row a statement must answer (an insert's or update's RETURNING). */
function only<T>(rows: T[]): T {
  const [row] = rows;
  if (row === undefined) throw new Error('the statement answered no row');
  return row;
}

const ms = (column: string) => `floor(extract(epoch from ${column}) * 1000)::bigint`;

const COLUMNS = /* sql */ `e.id, e.status, e.title, e.subtitle, e.location,
  ${ms('e.publication_date')} as publication_ms, e.introduction, e.content,
  e.header_image_large, e.header_image_medium, e.header_image_small, e.sales, e.product_ids,
  e.author_name, ${ms('e.updated_at')} as updated_ms, ${ms('e.announced_at')} as announced_ms,
  e.version`;

function normalise(row: EditorialDbRow): EditorialRow {
  return {
    ...row,
    id: Number(row.id),
    publication_ms: Number(row.publication_ms),
    updated_ms: Number(row.updated_ms),
    announced_ms: row.announced_ms === null ? null : Number(row.announced_ms),
  };
}

/** A fresh id from the news identity: the item keeps it in /news once published. */
export async function nextNewsId(db: Queryable): Promise<number> {
  const { rows } = await db.query<{ id: number | string }>(
    `select nextval(pg_get_serial_sequence('news', 'id')) as id`,
  );
  return Number(only(rows).id);
}

function writeParams(write: EditorialWrite): unknown[] {
  return [
    write.status,
    write.title,
    write.subtitle,
    write.location,
    new Date(write.publicationDate).toISOString(),
    write.introduction,
    write.content,
    write.headerImage?.large ?? null,
    write.headerImage?.medium ?? null,
    write.headerImage?.small ?? null,
    write.sales,
    write.productIds,
  ];
}

type Author = { id: string; name: string };

/** An insert or update of an item's record: the write's fields ($1–$12), its id and author. */
async function writeEditorial(
  db: Queryable,
  sql: string,
  id: number,
  write: EditorialWrite,
  author: Author,
): Promise<EditorialRow> {
  const params = [...writeParams(write), id, author.id, author.name];
  const { rows } = await db.query<EditorialDbRow>(sql, params);
  return normalise(only(rows));
}

export const insertEditorial = (db: Queryable, id: number, write: EditorialWrite, author: Author) =>
  writeEditorial(
    db,
    /* sql */ `
    insert into news_editorial as e (status, title, subtitle, location, publication_date,
      introduction, content, header_image_large, header_image_medium, header_image_small, sales,
      product_ids, id, author_id, author_name)
    values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12::text[], $13, $14, $15)
    returning ${COLUMNS}`,
    id,
    write,
    author,
  );

/**
 * Makes an editorial record for an item that is live but was never edited here (the seeded
 * news, or items written before the editor existed): as published, already announced, at
 * version 0, so the editor's first save is version 1.
 */
export async function adoptLiveNews(
  db: Queryable,
  id: number,
  author: Author,
): Promise<EditorialRow | undefined> {
  const { rows } = await db.query<EditorialDbRow>(
    /* sql */ `
    insert into news_editorial as e (id, status, title, subtitle, location, publication_date,
      introduction, content, header_image_large, header_image_medium, header_image_small, sales,
      product_ids, author_id, author_name, announced_at, version)
    select n.id, 'published', n.title, coalesce(n.subtitle, ''), coalesce(n.location, ''),
           n.publication_date, coalesce(n.introduction, ''), n.content, n.header_image_large,
           n.header_image_medium, n.header_image_small, n.sales,
           coalesce((select array_agg(np.product_id order by np.product_id)
                       from news_products np where np.news_id = n.id), '{}'),
           $2, $3, n.publication_date, 0
      from news n where n.id = $1
    on conflict (id) do nothing
    returning ${COLUMNS}`,
    [id, author.id, author.name],
  );
  return rows[0] ? normalise(rows[0]) : undefined;
}

/** The editorial record; `lock` holds it for the rest of the transaction. */
export async function findEditorial(
  db: Queryable,
  id: number,
  lock = false,
): Promise<EditorialRow | undefined> {
  const { rows } = await db.query<EditorialDbRow>(
    `select ${COLUMNS} from news_editorial e where e.id = $1${lock ? ' for update' : ''}`,
    [id],
  );
  return rows[0] ? normalise(rows[0]) : undefined;
}

/** A live item without an editorial record, as the editor would adopt it (read only). */
export async function findLiveAsEditorial(
  db: Queryable,
  id: number,
): Promise<EditorialRow | undefined> {
  const { rows } = await db.query<EditorialDbRow>(
    /* sql */ `
    select n.id, 'published' as status, n.title, coalesce(n.subtitle, '') as subtitle,
           coalesce(n.location, '') as location, ${ms('n.publication_date')} as publication_ms,
           coalesce(n.introduction, '') as introduction, n.content, n.header_image_large,
           n.header_image_medium, n.header_image_small, n.sales,
           coalesce((select array_agg(np.product_id order by np.product_id)
                       from news_products np where np.news_id = n.id), '{}') as product_ids,
           '' as author_name, ${ms('n.publication_date')} as updated_ms,
           ${ms('n.publication_date')} as announced_ms, 0 as version
      from news n where n.id = $1`,
    [id],
  );
  return rows[0] ? normalise(rows[0]) : undefined;
}

export const updateEditorial = (db: Queryable, id: number, write: EditorialWrite, author: Author) =>
  writeEditorial(
    db,
    /* sql */ `
    update news_editorial e set status = $1, title = $2, subtitle = $3, location = $4,
      publication_date = $5, introduction = $6, content = $7, header_image_large = $8,
      header_image_medium = $9, header_image_small = $10, sales = $11, product_ids = $12::text[],
      author_id = $14, author_name = $15, updated_at = now(), version = e.version + 1
     where e.id = $13
    returning ${COLUMNS}`,
    id,
    write,
    author,
  );

export const setStatus = writeBy<[id: number, status: NewsEditorialStatus]>(
  `update news_editorial set status = $2 where id = $1`,
);

/** Records that the news.published event was enqueued; false when it already had been. */
export const markAnnounced = hasRowBy<[id: number]>(
  `update news_editorial set announced_at = now()
    where id = $1 and announced_at is null returning id`,
);

/** Subscribers whose mail about the item was not delivered (ADR 0053; migration 023). */
export async function countMailFailures(db: Queryable, id: number): Promise<number> {
  const { rows } = await db.query<{ n: number | string }>(
    `select count(*) as n from subscription_deliveries
      where item_type = 'news' and item_id = $1 and mail_failed_at is not null`,
    [String(id)],
  );
  return Number(rows[0]?.n ?? 0);
}

export const deleteEditorial = writeBy<[id: number]>(`delete from news_editorial where id = $1`);

/** Takes an item out of /news (its news_products rows go with it: on delete cascade). */
export const deleteLiveNews = writeBy<[id: number]>(`delete from news where id = $1`);

export const liveNewsExists = hasRowBy<[id: number]>(`select 1 from news where id = $1`);

/** The product targets of a live item, exactly `productIds`. */
export async function setNewsProducts(
  db: Queryable,
  newsId: number,
  productIds: readonly string[],
): Promise<void> {
  await db.query(
    `delete from news_products where news_id = $1 and not (product_id = any($2::text[]))`,
    [newsId, productIds],
  );
  await db.query(
    `insert into news_products (news_id, product_id)
     select $1, p from unnest($2::text[]) p
     on conflict do nothing`,
    [newsId, productIds],
  );
}

/** Which of `ids` name no product. */
export async function unknownProducts(db: Queryable, ids: readonly string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const { rows } = await db.query<{ id: string }>(
    `select p as id from unnest($1::text[]) p where not exists (select 1 from products where id = p)`,
    [ids],
  );
  return rows.map((r) => r.id);
}

export async function listProducts(db: Queryable): Promise<{ id: string; productName: string }[]> {
  const { rows } = await db.query<{ id: string; product_name: string }>(
    'select id, product_name from products order by product_name',
  );
  return rows.map((r) => ({ id: r.id, productName: r.product_name }));
}

export const productExists = hasRowBy(`select 1 from products where id = $1`);

export async function listEditorial(
  db: Queryable,
  filter: { limit: number; offset: number; status?: NewsEditorialStatus | undefined },
): Promise<{ rows: EditorialRow[]; total: number }> {
  const where = filter.status === undefined ? '' : 'where e.status = $3';
  const params: unknown[] = [filter.limit, filter.offset];
  if (filter.status !== undefined) params.push(filter.status);
  const [page, count] = await Promise.all([
    db.query<EditorialDbRow>(
      `select ${COLUMNS} from news_editorial e ${where}
        order by e.updated_at desc, e.id desc limit $1 offset $2`,
      params,
    ),
    db.query<{ n: number | string }>(
      `select count(*) as n from news_editorial e ${filter.status === undefined ? '' : 'where e.status = $1'}`,
      filter.status === undefined ? [] : [filter.status],
    ),
  ]);
  return { rows: page.rows.map(normalise), total: Number(count.rows[0]?.n ?? 0) };
}

export interface EditorCaller {
  id: string;
  name: string;
  employee: boolean;
  active: boolean;
}

export async function findEditorCaller(
  db: Queryable,
  userId: string,
): Promise<EditorCaller | undefined> {
  const { rows } = await db.query<{
    id: string;
    first_name: string;
    last_name: string;
    unit4_employee: boolean;
    status: string;
  }>(`select id, first_name, last_name, unit4_employee, status from users where id = $1`, [userId]);
  const row = rows[0];
  if (!row) return undefined;
  return {
    id: row.id,
    // §3 fullName: 'last, first'.
    name: `${row.last_name}, ${row.first_name}`,
    employee: row.unit4_employee,
    active: row.status === 'Active',
  };
}

export interface StoredImage {
  large: Uint8Array;
  medium: Uint8Array;
  small: Uint8Array;
}

export async function insertImage(
  db: Queryable,
  key: string,
  uploadedBy: string,
  image: StoredImage,
): Promise<number> {
  const { rows } = await db.query<{ id: number | string }>(
    `insert into news_images (key, uploaded_by, large, medium, small)
     values ($1, $2, $3, $4, $5) returning id`,
    [key, uploadedBy, image.large, image.medium, image.small],
  );
  return Number(only(rows).id);
}

export async function findImageVariant(
  db: Queryable,
  key: string,
  size: 'large' | 'medium' | 'small',
): Promise<Buffer | undefined> {
  // The column name comes from the closed set above, never from the request.
  const { rows } = await db.query<{ data: Uint8Array }>(
    `select ${size} as data from news_images where key = $1`,
    [key],
  );
  const data = rows[0]?.data;
  return data === undefined ? undefined : Buffer.from(data);
}
