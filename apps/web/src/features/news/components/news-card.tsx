import type { NewsListItem } from '@portico/contracts';
import { Card, CardLink } from '../../../components/ui/card/card.js';
import { paths } from '../../../config/paths.js';
import type { Format } from '../../../lib/format/format.js';
import { cardImageOf } from '../utils/news-images.js';

export interface NewsCardProps {
  item: NewsListItem;
  /** The user's locale and zone: the publication date is the day in the profile's zone. */
  format: Format;
  /**
   * The card is in the first screenful: its image loads at once (a lazy image above the fold
   * waits for layout and delays the largest paint); `priority` also raises its fetch priority.
   */
  eager?: 'priority' | boolean;
  /** The detail page's address; the /news detail by default. */
  href?: string;
}

/**
 * One card of the news grid (§2 News list): the medium header image (the logo when there is
 * none), the title linking to the detail page, and the publication date as 'd MMMM y'. The
 * image is decorative: the title says what the card is about. It carries its size (no shift
 * when it arrives) and the variants the browser picks from (srcset, sizes).
 */
export function NewsCard({ item, format, eager = false, href }: NewsCardProps) {
  const image = cardImageOf(item.headerImage);
  return (
    <Card className="news-card">
      <div className="news-card__media">
        <img
          className={image.isLogo ? 'news-card__image news-card__image--logo' : 'news-card__image'}
          src={image.src}
          srcSet={image.srcSet}
          sizes={image.sizes}
          width={image.width}
          height={image.height}
          alt=""
          loading={eager ? 'eager' : 'lazy'}
          fetchPriority={eager === 'priority' ? 'high' : 'auto'}
          decoding="async"
        />
      </div>
      <div className="news-card__body">
        <h2 className="news-card__title">
          <CardLink to={href ?? paths.newsItem(item.title, item.id)}>{item.title}</CardLink>
        </h2>
        <time className="news-card__date" dateTime={format.isoDay(item.publicationDate)}>
          {format.date(item.publicationDate)}
        </time>
      </div>
    </Card>
  );
}
