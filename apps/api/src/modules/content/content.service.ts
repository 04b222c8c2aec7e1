import type { ContentDocument, LabelEntry, Product } from '@portico/contracts';
import type { LabelLanguage } from '@portico/locales';
import { catalogFor } from '@portico/locales/catalogs';
import type { Queryable } from '../../db/db.js';
import { NotFoundError } from '../../lib/errors.js';
import { sanitizeHtml } from '../../lib/sanitize-html.js';
import {
  findContentDocument,
  findLabels,
  listProducts,
  profileLanguage,
} from './content.repository.js';

/**
 * §7 cpplabels: the web catalogue of a language (packages/locales, ADR 0040) with the
 * `labels` table's values for that language over it (editorial overrides; a blank one is
 * ignored), sorted by key.
 */
export async function getLabels(db: Queryable, language: LabelLanguage): Promise<LabelEntry[]> {
  const merged = new Map(Object.entries(catalogFor('web', language)));
  for (const { key, value } of await findLabels(db, language)) {
    if (value.trim() !== '') merged.set(key, value);
  }
  return [...merged]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([key, value]) => ({ key, value }));
}

/** §3 Product list (cppproducts). */
export async function getProducts(db: Queryable): Promise<Product[]> {
  const rows = await listProducts(db);
  return rows.map((r) => ({ productName: r.product_name, slug: r.slug, contentId: r.content_id }));
}

let timeZones: LabelEntry[] | undefined;

/**
 * The IANA time zones this runtime knows, as {key, value} pairs for a select (the user form's
 * time zone field): key is the zone id, value the readable name.
 */
export function getTimeZones(): LabelEntry[] {
  timeZones ??= [...new Set([...Intl.supportedValuesOf('timeZone'), 'UTC'])]
    .sort()
    .map((zone) => ({ key: zone, value: zone.replaceAll('_', ' ') }));
  return timeZones;
}

/**
 * §3 Content document by key. Stored content was sanitised on the way in; it is cleaned
 * again on the way out because a writer other than ours may have put it there.
 */
export async function getInfoDocument(db: Queryable, id: string): Promise<ContentDocument> {
  const doc = await findContentDocument(db, id);
  if (!doc) throw new NotFoundError(`There is no content document called ${id}.`);
  return { title: doc.title, content: sanitizeHtml(doc.content) };
}

/** The caller's profile language (one of the inputs that pick the labels' language). */
export function callerLanguage(db: Queryable, userId: string): Promise<string | null> {
  return profileLanguage(db, userId);
}
