import type { ContentDocument, LabelEntry, Product } from '@portico/contracts';
import type { Queryable } from '../../db/db.js';
import { NotFoundError } from '../../lib/errors.js';
import { sanitizeHtml } from '../../lib/sanitize-html.js';
import { findContentDocument, findLabels, listProducts } from './content.repository.js';

/** §7 cpplabels: the labels of one language; a language without labels is an empty list. */
export function getLabels(db: Queryable, language: string): Promise<LabelEntry[]> {
  return findLabels(db, language);
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
