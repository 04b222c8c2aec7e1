import { NEWS_IMAGE_MAX_PIXELS, newsEditorMessages } from '@portico/contracts';
import sharp from 'sharp';
import { BadRequestError } from '../../lib/errors.js';
import { bannerSizes, type BannerSize } from '../media/index.js';
import type { StoredImage } from './news-editor.repository.js';

/** The formats a header image may arrive in (sharp's names). */
const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp', 'gif']);

export const HEADER_IMAGE_SIZES: readonly BannerSize[] = ['large', 'medium', 'small'];

/**
 * A header image resized into the §2 variants, in the sizes the list and the detail show
 * (the generated banners' sizes: 1200×500, 600×250, 300×125), cropped to fill, as WebP.
 * Anything sharp cannot read as one of the accepted formats is a 400; decoding is limited
 * to NEWS_IMAGE_MAX_PIXELS so a small file cannot expand into gigabytes (a pixel bomb).
 */
export async function resizeHeaderImage(input: Buffer): Promise<StoredImage> {
  const open = () =>
    sharp(input, { limitInputPixels: NEWS_IMAGE_MAX_PIXELS, failOn: 'error', animated: false });
  let format: string;
  let pixels: number;
  try {
    // The header only, without the pixel limit: sharp refuses an oversized image as an error
    // like any other, and the caller must learn it is too large, not "not an image".
    const metadata = await sharp(input, { limitInputPixels: false, animated: false }).metadata();
    format = metadata.format;
    pixels = metadata.width * metadata.height;
  } catch {
    throw new BadRequestError(newsEditorMessages.notAnImage);
  }
  if (!ACCEPTED_FORMATS.has(format) || pixels === 0) {
    throw new BadRequestError(newsEditorMessages.notAnImage);
  }
  if (pixels > NEWS_IMAGE_MAX_PIXELS)
    throw new BadRequestError(newsEditorMessages.imageTooManyPixels);

  const variant = async (size: BannerSize): Promise<Buffer> => {
    const { width, height } = bannerSizes[size];
    try {
      return await open()
        .rotate() // honour the camera's orientation, then drop the metadata (no GPS leaves)
        .resize(width, height, { fit: 'cover', position: 'attention' })
        .webp({ quality: 80 })
        .toBuffer();
    } catch {
      // A file whose header reads but whose pixels do not (truncated, corrupt).
      throw new BadRequestError(newsEditorMessages.notAnImage);
    }
  };
  // One after the other: sharp already uses the cores, and this box has two.
  const large = await variant('large');
  const medium = await variant('medium');
  const small = await variant('small');
  return { large, medium, small };
}
