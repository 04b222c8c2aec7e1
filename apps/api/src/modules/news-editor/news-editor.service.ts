import { randomBytes } from 'node:crypto';
import {
  NEWS_EDITOR_PAGE_SIZE,
  newsEditorInputSchema,
  newsEditorMessages,
  safeHeaderImage,
  type NewsEditorialItem,
  type NewsEditorialStatus,
  type NewsEditorialSummary,
  type NewsEditorInput,
  type NewsImageUpload,
} from '@portico/contracts';
import { z } from 'zod';
import type { Db, Queryable } from '../../db/db.js';
import {
  BadRequestError,
  ForbiddenError,
  NotFoundError,
  PreconditionFailedError,
} from '../../lib/errors.js';
import type { JobQueue } from '../../lib/jobs/job-queue.js';
import { sanitizeHtml } from '../../lib/sanitize-html.js';
import { NEWS_PUBLISHED_JOB, saveLiveNews } from '../news/index.js';
import { resizeHeaderImage } from './header-image.js';
import {
  adoptLiveNews,
  countMailFailures,
  deleteEditorial,
  deleteLiveNews,
  findEditorCaller,
  findEditorial,
  findLiveAsEditorial,
  insertEditorial,
  insertImage,
  listEditorial,
  listProducts,
  markAnnounced,
  nextNewsId,
  productExists,
  setNewsProducts,
  setStatus,
  unknownProducts,
  updateEditorial,
  type EditorCaller,
  type EditorialRow,
  type EditorialWrite,
} from './news-editor.repository.js';
import { versionOfEtag } from '../../lib/versioned.js';

/** The scheduled publication of one item (ADR 0032): idempotent, re-checks when it runs. */
export const NEWS_SCHEDULED_PUBLICATION_JOB = 'news.publish-scheduled';
const scheduledJobData = z.object({ newsId: z.number().int().positive() });

export interface NewsEditorDeps {
  db: Db;
  jobs: JobQueue;
  /** The clock (tests move it); epoch milliseconds. */
  now?: () => number;
}

/** Where a call came from: the product-news path narrows it to one product's items. */
export interface Scope {
  productId?: string | undefined;
}

const nowOf = (deps: NewsEditorDeps): number => (deps.now ?? Date.now)();

/** Ids are bigint identities; more digits than that cannot name an item. */
function itemId(id: string): number {
  if (id.length > 15) throw notFound(id);
  return Number(id);
}

const notFound = (id: string | number) => new NotFoundError(`There is no news item with id ${id}.`);

/** Vendor employees (§3 unit4Employee) publish news; everyone else: 403. */
export async function requireEditor(db: Queryable, callerId: string): Promise<EditorCaller> {
  const caller = await findEditorCaller(db, callerId);
  if (!caller || !caller.active || !caller.employee) {
    throw new ForbiddenError(newsEditorMessages.noAccess);
  }
  return caller;
}

/**
 * If-Match is optional here; when sent, it must name the current version, compared strongly
 * (RFC 9110): a weak `W/` tag never matches.
 */
function checkIfMatch(header: string | undefined, version: number): void {
  if (header === undefined || header.trim() === '' || header.trim() === '*') return;
  if (versionOfEtag(header) !== version) {
    throw new PreconditionFailedError(newsEditorMessages.conflict);
  }
}

/** zod issues → the form headline and one message per field (like the user form). */
export function parseInput(body: unknown): NewsEditorInput {
  const parsed = newsEditorInputSchema.safeParse(body);
  if (parsed.success) return parsed.data;
  const fieldErrors: Record<string, string> = {};
  for (const issue of parsed.error.issues) {
    const field = String(issue.path[0] ?? 'form');
    fieldErrors[field] ??= issue.message;
  }
  throw new BadRequestError(newsEditorMessages.invalidData).withFieldErrors(fieldErrors);
}

function toItem(row: EditorialRow, mailFailures = 0): NewsEditorialItem {
  const large = row.header_image_large;
  return {
    id: row.id,
    status: row.status,
    title: row.title,
    subtitle: row.subtitle,
    location: row.location,
    publicationDate: row.publication_ms,
    introduction: row.introduction,
    content: row.content,
    headerImage:
      large === null
        ? null
        : safeHeaderImage({
            large,
            medium: row.header_image_medium ?? large,
            small: row.header_image_small ?? large,
          }),
    sales: row.sales,
    productIds: row.product_ids,
    authorName: row.author_name,
    updatedAt: row.updated_ms,
    announcedAt: row.announced_ms,
    mailFailures,
    version: row.version,
  };
}

/** The item as the editor sees it, with its undelivered mails. */
async function itemOf(db: Queryable, row: EditorialRow): Promise<NewsEditorialItem> {
  return toItem(row, await countMailFailures(db, row.id));
}

function toSummary(row: EditorialRow): NewsEditorialSummary {
  const item = toItem(row);
  return {
    id: item.id,
    status: item.status,
    title: item.title,
    publicationDate: item.publicationDate,
    productIds: item.productIds,
    authorName: item.authorName,
    updatedAt: item.updatedAt,
  };
}

/** What `action` makes of the item: publishing with a future date schedules it. */
function statusFor(input: NewsEditorInput, now: number): NewsEditorialStatus {
  switch (input.action) {
    case 'draft':
      return 'draft';
    case 'unpublish':
      return 'unpublished';
    case 'publish':
      return input.publicationDate > now ? 'scheduled' : 'published';
  }
}

async function writeOf(
  db: Queryable,
  input: NewsEditorInput,
  scope: Scope,
  now: number,
): Promise<EditorialWrite> {
  const productIds = [
    ...new Set([...input.productIds, ...(scope.productId ? [scope.productId] : [])]),
  ];
  const unknown = await unknownProducts(db, productIds);
  if (unknown.length > 0) {
    throw new BadRequestError(newsEditorMessages.invalidData).withFieldErrors({
      productIds: newsEditorMessages.unknownProduct,
    });
  }
  return {
    status: statusFor(input, now),
    title: input.title,
    subtitle: input.subtitle,
    location: input.location,
    publicationDate: input.publicationDate,
    introduction: input.introduction,
    // The one allow-list (ADR 0019), before anything is stored: the draft too.
    content: sanitizeHtml(input.content),
    headerImage: input.headerImage,
    sales: input.sales,
    productIds: productIds.sort(),
  };
}

/**
 * Brings /news in line with the editorial row, in the caller's transaction: a published item
 * is inserted (under its own id) or updated in `news` with its product targets, and its
 * news.published event is enqueued the first time only; any other state takes it out of
 * /news; a scheduled item gets a job at its publication time.
 */
async function syncLive(
  tx: Queryable,
  jobs: JobQueue,
  row: EditorialRow,
  now: number,
): Promise<void> {
  if (row.status !== 'published') {
    await deleteLiveNews(tx, row.id);
    if (row.status === 'scheduled') {
      await jobs.enqueue(
        NEWS_SCHEDULED_PUBLICATION_JOB,
        { newsId: row.id },
        { tx, startAfterSeconds: Math.max(1, Math.ceil((row.publication_ms - now) / 1000)) },
      );
    }
    return;
  }
  const live = {
    title: row.title,
    subtitle: row.subtitle || null,
    location: row.location || null,
    publicationDate: row.publication_ms,
    introduction: row.introduction || null,
    content: row.content,
    headerImage: toItem(row).headerImage,
    sales: row.sales,
  };
  await saveLiveNews(tx, row.id, live);
  await setNewsProducts(tx, row.id, row.product_ids);
  // Announced once per item: re-publishing after an unpublish or an edit tells no one again.
  if (await markAnnounced(tx, row.id)) {
    await jobs.enqueue(NEWS_PUBLISHED_JOB, { newsId: row.id }, { tx });
  }
}

/** The editorial record of `id` within `scope`, adopting a live item edited the first time. */
async function reachable(
  tx: Queryable,
  caller: EditorCaller,
  id: number,
  scope: Scope,
): Promise<EditorialRow> {
  const row = (await findEditorial(tx, id, true)) ?? (await adoptLiveNews(tx, id, caller));
  if (!row) throw notFound(id);
  if (scope.productId !== undefined && !row.product_ids.includes(scope.productId)) {
    throw notFound(id);
  }
  return row;
}

async function requireProduct(db: Queryable, scope: Scope): Promise<void> {
  if (scope.productId !== undefined && !(await productExists(db, scope.productId))) {
    throw new NotFoundError(`There is no product ${scope.productId}.`);
  }
}

/**
 * The one save of a new and an existing item: who may, the product scope, the form (§5),
 * then, in one transaction, the row `store` writes, brought in line with /news.
 */
async function saveItem(
  deps: NewsEditorDeps,
  callerId: string,
  body: unknown,
  scope: Scope,
  store: (tx: Queryable, caller: EditorCaller, write: EditorialWrite) => Promise<EditorialRow>,
): Promise<NewsEditorialItem> {
  const caller = await requireEditor(deps.db, callerId);
  await requireProduct(deps.db, scope);
  const input = parseInput(body);
  const now = nowOf(deps);
  const write = await writeOf(deps.db, input, scope, now);
  return deps.db.transaction(async (tx) => {
    const row = await store(tx, caller, write);
    await syncLive(tx, deps.jobs, row, now);
    return itemOf(tx, (await findEditorial(tx, row.id)) ?? row);
  });
}

/** POST /api/news (and under a product): a new item, in the state its action asks for. */
export function createItem(
  deps: NewsEditorDeps,
  callerId: string,
  body: unknown,
  scope: Scope = {},
): Promise<NewsEditorialItem> {
  return saveItem(deps, callerId, body, scope, async (tx, caller, write) =>
    insertEditorial(tx, await nextNewsId(tx), write, caller),
  );
}

/** PUT /api/news/{id}: the item's new fields and state (If-Match checked when sent). */
export function updateItem(
  deps: NewsEditorDeps,
  callerId: string,
  id: string,
  ifMatch: string | undefined,
  body: unknown,
  scope: Scope = {},
): Promise<NewsEditorialItem> {
  return saveItem(deps, callerId, body, scope, async (tx, caller, write) => {
    const current = await reachable(tx, caller, itemId(id), scope);
    checkIfMatch(ifMatch, current.version);
    return updateEditorial(tx, current.id, write, caller);
  });
}

/** DELETE /api/news/{id}: the item is gone, from /news and from the editor. */
export async function deleteItem(
  deps: NewsEditorDeps,
  callerId: string,
  id: string,
  ifMatch: string | undefined,
  scope: Scope = {},
): Promise<void> {
  const caller = await requireEditor(deps.db, callerId);
  await requireProduct(deps.db, scope);
  await deps.db.transaction(async (tx) => {
    const current = await reachable(tx, caller, itemId(id), scope);
    checkIfMatch(ifMatch, current.version);
    await deleteLiveNews(tx, current.id);
    await deleteEditorial(tx, current.id);
  });
}

/** GET /api/news/editor/{id}: an item to edit (a live item never edited here too). */
export async function getItem(db: Db, callerId: string, id: string): Promise<NewsEditorialItem> {
  await requireEditor(db, callerId);
  const numeric = itemId(id);
  const row = (await findEditorial(db, numeric)) ?? (await findLiveAsEditorial(db, numeric));
  if (!row) throw notFound(id);
  return itemOf(db, row);
}

/** GET /api/news/editor: the editorial items, last changed first. */
export async function listItems(
  db: Db,
  callerId: string,
  query: { page: number; status?: NewsEditorialStatus | undefined },
): Promise<{ items: NewsEditorialSummary[]; total: number }> {
  await requireEditor(db, callerId);
  const { rows, total } = await listEditorial(db, {
    limit: NEWS_EDITOR_PAGE_SIZE,
    offset: (query.page - 1) * NEWS_EDITOR_PAGE_SIZE,
    status: query.status,
  });
  return { items: rows.map(toSummary), total };
}

/** GET /api/news/editor/products: what an item can be targeted at. */
export async function productChoices(db: Db, callerId: string) {
  await requireEditor(db, callerId);
  return listProducts(db);
}

/** The public address of one variant of an uploaded image. */
export const newsImagePath = (key: string, size: 'large' | 'medium' | 'small'): string =>
  `/media/news-images/${key}-${size}.webp`;

/** POST /api/news/images: resized into the three variants and stored in the database. */
export async function uploadImage(
  db: Db,
  callerId: string,
  file: Buffer,
): Promise<NewsImageUpload> {
  const caller = await requireEditor(db, callerId);
  const variants = await resizeHeaderImage(file);
  const key = randomBytes(16).toString('hex');
  const id = await insertImage(db, key, caller.id, variants);
  return {
    id,
    large: newsImagePath(key, 'large'),
    medium: newsImagePath(key, 'medium'),
    small: newsImagePath(key, 'small'),
  };
}

/**
 * The scheduled-publication job. It runs when the item's time has come, re-reading the item
 * under a lock: only an item still scheduled is published (an unpublished, deleted, or
 * already published one is left alone); one whose time has not come (its date was moved
 * later, or this node's clock is behind) gets a job for the remaining time. Running it twice
 * publishes once.
 */
export async function publishScheduled(deps: NewsEditorDeps, newsId: number): Promise<void> {
  const now = nowOf(deps);
  await deps.db.transaction(async (tx) => {
    const row = await findEditorial(tx, newsId, true);
    if (!row || row.status !== 'scheduled') return;
    if (row.publication_ms > now) {
      await syncLive(tx, deps.jobs, row, now);
      return;
    }
    await setStatus(tx, newsId, 'published');
    await syncLive(tx, deps.jobs, { ...row, status: 'published' }, now);
  });
}

export function defineNewsPublishingJobs(deps: NewsEditorDeps): void {
  deps.jobs.define({
    name: NEWS_SCHEDULED_PUBLICATION_JOB,
    parse: (data) => scheduledJobData.parse(data),
    handle: ({ newsId }) => publishScheduled(deps, newsId),
  });
}
