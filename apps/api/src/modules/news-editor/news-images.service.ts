import { randomBytes } from 'node:crypto';
import type { NewsImageUpload } from '@portico/contracts';
import type { Db, Queryable } from '../../db/db.js';
import { resizeHeaderImage } from './header-image.js';
import { findImageVariant, insertImage } from './news-editor.repository.js';
import { requireEditor } from './news-editor.service.js';

// Header images of news (issue 12): uploaded once, stored in three sizes, served immutable.

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

/** One stored variant of an uploaded image (public, immutable), if there is one. */
export function getNewsImage(
  db: Queryable,
  key: string,
  size: 'large' | 'medium' | 'small',
): Promise<Buffer | undefined> {
  return findImageVariant(db, key, size);
}
