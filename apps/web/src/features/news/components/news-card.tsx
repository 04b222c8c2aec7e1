import type { NewsItem } from '@portico/contracts';
import { Link } from 'react-router';
import { paths } from '../../../config/paths.js';
import { DEFAULT_NEWS_IMAGE } from '../utils/news-images.js';
import { formatPublicationDate, isoDateOf } from '../utils/news-dates.js';

export interface NewsCardProps {
  item: NewsItem;
  locale: string;
}

/**
 * One card of the news grid (§2 News list): the medium header image (the logo when there is
 * none), the title linking to the detail page, and the publication date as 'd MMMM y'. The
 * image is decorative: the title says what the card is about.
 */
export function NewsCard({ item, locale }: NewsCardProps) {
  const image = item.headerImage?.medium ?? DEFAULT_NEWS_IMAGE;
  return (
    <article className="news-card">
      <div className="news-card__media">
        <img
          className={
            item.headerImage ? 'news-card__image' : 'news-card__image news-card__image--logo'
          }
          src={image}
          alt=""
          loading="lazy"
          decoding="async"
        />
      </div>
      <div className="news-card__body">
        <h2 className="news-card__title">
          <Link className="ui-card-link" to={paths.newsItem(item.title, item.id)}>
            {item.title}
          </Link>
        </h2>
        <time className="news-card__date" dateTime={isoDateOf(item.publicationDate)}>
          {formatPublicationDate(item.publicationDate, locale)}
        </time>
      </div>
    </article>
  );
}
