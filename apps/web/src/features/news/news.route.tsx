import { useParams } from 'react-router';
import { routeParams } from '../../config/paths.js';
import { NewsDetailPage } from './components/news-detail-page.js';
import { NewsListPage } from './components/news-list-page.js';

/**
 * The news module (§2 news row): `news-item/{news-title}/{news-id}` is the detail page;
 * `/news`, `/news/{page}` and any other path under news show the list.
 */
export default function NewsRoute() {
  const params = useParams();
  return params[routeParams.newsId] === undefined ? <NewsListPage /> : <NewsDetailPage />;
}
