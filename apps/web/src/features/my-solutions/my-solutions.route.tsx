import { lazy, Suspense } from 'react';
import { useRoutes, type RouteObject } from 'react-router';
import { useT } from '../../lib/labels/use-t.js';
import { DashboardPage } from './components/dashboard-page.js';
import './my-solutions.labels.js';
import '../../components/ui/ui.css';
import './my-solutions.css';

const ProductArea = lazy(() =>
  import('./product-area.js').then(({ ProductArea: Area }) => ({ default: Area })),
);

function ProductAreaLoading() {
  const t = useT();
  return <p role="status">{t('my-solutions.loading')}</p>;
}

/**
 * Paths relative to /my-solutions (§2 my-solutions row; issue 13): the dashboard, and every
 * other path to the product pages' own routes (product-area.tsx), loaded when first needed.
 */
export const mySolutionsRoutes: RouteObject[] = [
  { index: true, element: <DashboardPage /> },
  {
    path: '*',
    element: (
      <Suspense fallback={<ProductAreaLoading />}>
        <ProductArea />
      </Suspense>
    ),
  },
];

/** The My Solutions module (lazy, sign-in required): the dashboard and the product pages. */
export default function MySolutionsRoute() {
  return useRoutes(mySolutionsRoutes);
}
