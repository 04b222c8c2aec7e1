import { lazy } from 'react';
import { useParams } from 'react-router';
import { routeParams } from '../../config/paths.js';
import { NewsListPage } from './components/news-list-page.js';

// The article and its HTML sanitiser (DOMPurify) load with the first article, not with the
// list the portal opens on (ADR 0047).
const NewsDetailPage = lazy(() =>
  import('./components/news-detail-page.js').then((module) => ({
    default: module.NewsDetailPage,
  })),
);

/**
 * The news module (§2 news row): `news-item/{news-title}/{news-id}` is the detail page;
 * `/news`, `/news/{page}` and any other path under news show the list.
 */
export default function NewsRoute() {
  const params = useParams();
  return params[routeParams.newsId] === undefined ? <NewsListPage /> : <NewsDetailPage />;
}
