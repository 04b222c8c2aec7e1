import {
  storedHeaderImage,
  type NewsEditorialItem,
  type NewsEditorialSummary,
} from '@portico/contracts';
import type { Queryable } from '../../db/db.js';
import { countMailFailures, type EditorialRow } from './news-editor.repository.js';

// An editorial row as the news editor's API answers it (item and list summary).

export function toItem(row: EditorialRow, mailFailures = 0): NewsEditorialItem {
  return {
    id: row.id,
    status: row.status,
    title: row.title,
    subtitle: row.subtitle,
    location: row.location,
    publicationDate: row.publication_ms,
    introduction: row.introduction,
    content: row.content,
    headerImage: storedHeaderImage(
      row.header_image_large,
      row.header_image_medium,
      row.header_image_small,
    ),
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
export async function itemOf(db: Queryable, row: EditorialRow): Promise<NewsEditorialItem> {
  return toItem(row, await countMailFailures(db, row.id));
}

export function toSummary(row: EditorialRow): NewsEditorialSummary {
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
