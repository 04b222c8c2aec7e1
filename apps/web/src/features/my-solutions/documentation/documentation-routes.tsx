import type { RouteObject } from 'react-router';

/**
 * The documentation tab's routes, relative to the product page (`/my-solutions/:slug/:contentId`):
 * the list and one document. Lazy: their code loads when first visited.
 */
export const documentationRoutes: RouteObject[] = [
  {
    path: 'documentation',
    lazy: async () => ({
      Component: (await import('./components/documentation-page.js')).DocumentationPage,
    }),
  },
  {
    path: 'documentation/:documentId',
    lazy: async () => ({
      Component: (await import('./components/document-page.js')).DocumentPage,
    }),
  },
];
