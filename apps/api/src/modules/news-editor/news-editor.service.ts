import {
  NEWS_EDITOR_PAGE_SIZE,
  newsEditorInputSchema,
  newsEditorMessages,
  type NewsEditorialItem,
  type NewsEditorialStatus,
  type NewsEditorialSummary,
  type NewsEditorInput,
} from '@portico/contracts';
import type { Db, Queryable } from '../../db/db.js';
import {
  BadRequestError,
  ForbiddenError,
  NotFoundError,
  PreconditionFailedError,
  parseForm,
} from '../../lib/errors.js';
import { sanitizeHtml } from '../../lib/sanitize-html.js';
import {
  adoptLiveNews,
  deleteEditorial,
  deleteLiveNews,
  findEditorCaller,
  findEditorial,
  findLiveAsEditorial,
  insertEditorial,
  listEditorial,
  listProducts,
  nextNewsId,
  productExists,
  unknownProducts,
  updateEditorial,
  type EditorCaller,
  type EditorialRow,
  type EditorialWrite,
} from './news-editor.repository.js';
import { versionOfEtag } from '../../lib/versioned.js';
import { itemOf, toSummary } from './editorial-item.js';
import { type NewsEditorDeps, nowOf, syncLive } from './news-publishing.service.js';

/** Where a call came from: the product-news path narrows it to one product's items. */
export interface Scope {
  productId?: string | undefined;
}

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
  return parseForm(newsEditorInputSchema, body, newsEditorMessages.invalidData);
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
