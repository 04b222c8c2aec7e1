import { Navigate, useRoutes, type RouteObject } from 'react-router';
import { paths } from '../../config/paths.js';
import { DashboardPage } from './components/dashboard-page.js';
import { ProductLayout } from './components/product-layout.js';
import { ProductNewsItem, ProductNewsTab } from './components/product-news-tab.js';
import { ReleaseNotesTab } from './components/release-notes-tab.js';
import { SoftwareTab } from './components/software-tab.js';
import { documentationRoutes } from './documentation/documentation-routes.js';
import './my-solutions.labels.js';
import '../../components/ui/ui.css';
import './my-solutions.css';

/** Paths relative to /my-solutions (§2 my-solutions row; issue 13). */
export const mySolutionsRoutes: RouteObject[] = [
  { index: true, element: <DashboardPage /> },
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

/** The My Solutions module (lazy, sign-in required): the dashboard and the product pages. */
export default function MySolutionsRoute() {
  return useRoutes(mySolutionsRoutes);
}
