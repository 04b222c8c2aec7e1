import type { NewsItem } from '@portico/contracts';
import { MEDIUM_MAX_WIDTH, NEWS_IMAGE_SIZES, SMALL_MAX_WIDTH } from '../utils/news-images.js';

type HeaderImage = NonNullable<NewsItem['headerImage']>;

/**
 * The detail page's header image (§2 News detail) in the variant that fits the screen (§9
 * breakpoints): small up to 768 px, medium up to 1024 px, large above. Each variant carries
 * its size, so the box is reserved before the picture arrives. Decorative: the title follows
 * right after it.
 */
export function NewsHeaderImage({ image }: { image: HeaderImage }) {
  const { small, medium, large } = NEWS_IMAGE_SIZES;
  return (
    <picture className="news-detail__picture">
      <source
        media={`(max-width: ${SMALL_MAX_WIDTH}px)`}
        srcSet={image.small}
        width={small.width}
        height={small.height}
      />
      <source
        media={`(max-width: ${MEDIUM_MAX_WIDTH}px)`}
        srcSet={image.medium}
        width={medium.width}
        height={medium.height}
      />
      <img
        className="news-detail__image"
        src={image.large}
        width={large.width}
        height={large.height}
        alt=""
        decoding="async"
        fetchPriority="high"
      />
    </picture>
  );
}
