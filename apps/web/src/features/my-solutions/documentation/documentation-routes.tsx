import type { RouteObject } from 'react-router';
import { useLocation } from 'react-router';
import { useT } from '../../../lib/labels/use-t.js';
import { useCurrentProduct } from '../hooks/use-current-product.js';
import '../my-solutions.labels.js';

/**
 * TEMPORARY stand-in for the documentation tab (issue 13 is split: another branch builds the
 * documents, facets and this tab and replaces this file at merge). It only names the tab and
 * echoes the filters so the wizard's landing can be seen.
 */
function DocumentationPlaceholder() {
  const t = useT();
  const product = useCurrentProduct();
  const { search } = useLocation();
  return (
    <section aria-labelledby="documentation-title">
      <h2 id="documentation-title">
        {t('my-solutions.docs.placeholder', { product: product.productName })}
      </h2>
      <p>
        <output>{new URLSearchParams(search).toString()}</output>
      </p>
    </section>
  );
}

/** Paths relative to the product page: `documentation` and `documentation/:documentId`. */
export const documentationRoutes: RouteObject[] = [
  { path: 'documentation', element: <DocumentationPlaceholder /> },
  { path: 'documentation/:documentId', element: <DocumentationPlaceholder /> },
];
