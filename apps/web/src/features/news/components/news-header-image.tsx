import type { NewsItem } from '@portico/contracts';
import { MEDIUM_MAX_WIDTH, SMALL_MAX_WIDTH } from '../utils/news-images.js';

type HeaderImage = NonNullable<NewsItem['headerImage']>;

/**
 * The detail page's header image (§2 News detail) in the variant that fits the screen (§9
 * breakpoints): small up to 768 px, medium up to 1024 px, large above. Decorative: the title
 * follows right after it.
 */
export function NewsHeaderImage({ image }: { image: HeaderImage }) {
  return (
    <picture className="news-detail__picture">
      <source media={`(max-width: ${SMALL_MAX_WIDTH}px)`} srcSet={image.small} />
      <source media={`(max-width: ${MEDIUM_MAX_WIDTH}px)`} srcSet={image.medium} />
      <img className="news-detail__image" src={image.large} alt="" decoding="async" />
    </picture>
  );
}
