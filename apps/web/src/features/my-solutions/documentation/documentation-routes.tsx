import type { RouteObject } from 'react-router';
import { DocumentPage } from './components/document-page.js';
import { DocumentationPage } from './components/documentation-page.js';

/**
 * The documentation tab's routes, relative to the product page (`/my-solutions/:slug/:contentId`):
 * the list and one document. Plain elements: the My Solutions module renders its routes with
 * useRoutes (descendant routes take no `lazy`), and the module itself is the lazy chunk.
 */
export const documentationRoutes: RouteObject[] = [
  { path: 'documentation', element: <DocumentationPage /> },
  { path: 'documentation/:documentId', element: <DocumentPage /> },
];
