import { Navigate, useRoutes, type RouteObject } from 'react-router';
import { paths } from '../../config/paths.js';
import { ProductLayout } from './components/product-layout.js';
import { useProductNewsPages } from '../../lib/product/product-news-slot.js';
import { ReleaseNotesTab } from './components/release-notes-tab.js';
import { SoftwareTab } from './components/software-tab.js';
import { documentationRoutes } from './documentation/documentation-routes.js';

/** The news tab and a news item: the news feature's pages, handed over by the app. */
function ProductNewsTab() {
  const { List } = useProductNewsPages();
  return <List />;
}

function ProductNewsItem() {
  const { Item } = useProductNewsPages();
  return <Item />;
}

/** A product's pages, relative to /my-solutions (§2 my-solutions row; issue 13). */
const productRoutes: RouteObject[] = [
  {
    path: ':slug/:contentId',
    element: <ProductLayout />,
    children: [
      { index: true, element: <Navigate to="documentation" replace /> },
      ...documentationRoutes,
      { path: 'software', element: <SoftwareTab /> },
      { path: 'release-notes', element: <ReleaseNotesTab /> },
      { path: 'news', element: <ProductNewsTab /> },
      { path: 'news/news-item/:newsTitle/:newsId', element: <ProductNewsItem /> },
    ],
  },
  { path: '*', element: <Navigate to={paths.mySolutions()} replace /> },
];

/**
 * The product pages: a chunk of their own (with the news reader and its sanitiser), so the
 * dashboard, a page the server paints, starts without them (issue 25).
 */
export function ProductArea() {
  return useRoutes(productRoutes);
}
