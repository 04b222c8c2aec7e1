import { Link, useParams } from 'react-router';
import { AccountManagerCard } from '../../../components/ui/account-manager-card/account-manager-card.js';
import { routeParams } from '../../../config/paths.js';
import { catalogueEntry } from '../../../lib/http/error-catalogue.js';
import { HttpError } from '../../../lib/http/http-error.js';
import { useT } from '../../../lib/labels/use-t.js';
import { useNewsItem } from '../api/news-item.js';
import { generalNewsSource, type NewsSource } from '../api/news-source.js';
import { useFormat } from '../../../lib/format/use-format.js';
import { sanitizeNewsHtml } from '../utils/sanitize-news-html.js';
import { NewsHeaderImage } from './news-header-image.js';
import { SubscribeTile } from './subscribe-tile.js';
import '../news.labels.js';
import '../../../components/ui/ui.css';
import '../news.css';

/** Ids are whole numbers; anything else cannot name a news item. */
const NEWS_ID = /^\d{1,15}$/;
const NOT_FOUND = new HttpError(404, null);

/**
 * §2 News detail (`news-item/{title}/{id}`): optional responsive header image, title,
 * subtitle, location, publication date, introduction and the HTML body (sanitised again here);
 * the account-manager card for sales news; always the "Stay informed" tile. An unknown id shows
 * the §8 catalogue text for 404 in the page.
 */
export function NewsDetailPage({ source = generalNewsSource }: { source?: NewsSource }) {
  const t = useT();
  const format = useFormat();
  const id = useParams()[routeParams.newsId] ?? '';
  const validId = NEWS_ID.test(id);
  const news = useNewsItem(id, validId, source);

  let content;
  if (!validId || news.isError) {
    // A 400 (not an id) is as unknown as a 404; other failures get their own catalogue text.
    const error =
      !validId || (news.error instanceof HttpError && news.error.status === 400)
        ? NOT_FOUND
        : news.error;
    content = (
      <>
        <h1 className="ui-page-title">{t('news.title')}</h1>
        <p className="news-detail__error" role="alert">
          {catalogueEntry(error).content}
        </p>
      </>
    );
  } else if (news.data) {
    const item = news.data;
    content = (
      <article className="news-detail__article">
        {item.headerImage && <NewsHeaderImage image={item.headerImage} />}
        <header className="news-detail__header">
          <h1 className="ui-page-title">{item.title}</h1>
          {item.subtitle && <p className="news-detail__subtitle">{item.subtitle}</p>}
          <p className="news-detail__meta">
            {item.location && <span className="news-detail__location">{item.location}</span>}
            <time className="news-detail__date" dateTime={format.isoDay(item.publicationDate)}>
              {format.date(item.publicationDate)}
            </time>
          </p>
        </header>
        {item.introduction && <p className="news-detail__intro">{item.introduction}</p>}
        <div
          className="news-detail__body"
          // Sanitised on the way in by the API and again right here.
          dangerouslySetInnerHTML={{ __html: sanitizeNewsHtml(item.content) }}
        />
        {item.sales && (
          <div className="news-detail__contact">
            <AccountManagerCard />
          </div>
        )}
      </article>
    );
  } else {
    content = (
      <p className="news-detail__loading" role="status">
        {t('news.detail.loading')}
      </p>
    );
  }

  return (
    <div className="news-detail">
      <p className="news-detail__back">
        <Link to={source.listHref({})}>{t('news.detail.back')}</Link>
      </p>
      {content}
      <SubscribeTile target={source.subscription} />
    </div>
  );
}
