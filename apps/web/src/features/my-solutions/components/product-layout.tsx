import { Link, Navigate, NavLink, Outlet, useLocation, useParams } from 'react-router';
import { AccountManagerCard } from '../../../components/ui/account-manager-card/account-manager-card.js';
import { paths, type ProductSection } from '../../../config/paths.js';
import { HttpError } from '../../../lib/http/http-error.js';
import { QueryErrorState } from '../../../components/ui/error-state/error-state.js';
import { useT } from '../../../lib/labels/use-t.js';
import { useProductLookup, useProducts } from '../api/products.js';
import type { ProductPageContext } from '../../../lib/product/current-product.js';

const TABS: readonly ProductSection[] = ['documentation', 'software', 'release-notes', 'news'];

/**
 * A product's page (`/my-solutions/{slug}/{contentId}/…`, §2): the product's name and its
 * tabs. The product is found by its contentId, then looked up by id, which is the access
 * check: a product the user's account is not connected to (403) gets a page saying so with
 * the account-manager card to ask for access.
 */
export function ProductLayout() {
  const t = useT();
  const { contentId, slug } = useParams();
  const location = useLocation();
  const products = useProducts();
  const summary = products.data?.find((p) => p.contentId === contentId);
  const lookup = useProductLookup(summary?.id);

  const back = (
    <p className="my-solutions__back">
      <Link to={paths.mySolutions()}>{t('my-solutions.product.back')}</Link>
    </p>
  );

  // Without the product list there is no product to find: the §8 text and a retry.
  if (products.isError) {
    return (
      <div className="my-solutions-product">
        {back}
        <QueryErrorState query={products} />
      </div>
    );
  }
  if (products.isSuccess && !summary) {
    return (
      <div className="my-solutions-product">
        {back}
        <h1 className="ui-page-title">{t('my-solutions.product.unknown')}</h1>
      </div>
    );
  }
  if (summary && lookup.isError) {
    const forbidden = lookup.error instanceof HttpError && lookup.error.status === 403;
    return (
      <div className="my-solutions-product">
        {back}
        {forbidden ? (
          <section className="ui-panel my-solutions-no-access" aria-labelledby="no-access-title">
            <h1 id="no-access-title" className="ui-page-title">
              {t('my-solutions.no-access.title', { product: summary.productName })}
            </h1>
            <p>{t('my-solutions.no-access.text', { product: summary.productName })}</p>
            <AccountManagerCard />
          </section>
        ) : (
          <>
            <h1 className="ui-page-title">{summary.productName}</h1>
            <QueryErrorState query={lookup} />
          </>
        )}
      </div>
    );
  }
  if (!lookup.data) {
    return (
      <p className="my-solutions__loading" role="status">
        {t('my-solutions.loading')}
      </p>
    );
  }

  const product = lookup.data;
  if (slug !== product.slug) {
    // The contentId names the product; a wrong or outdated slug is put right in place, so the
    // address, links built from it and the analytics all carry the product's own (issue 27).
    // '/my-solutions/{slug}/{contentId}/…': the slug is the third segment.
    const segments = location.pathname.split('/');
    segments[2] = encodeURIComponent(product.slug);
    return (
      <Navigate
        replace
        to={{ pathname: segments.join('/'), search: location.search, hash: location.hash }}
      />
    );
  }
  const context: ProductPageContext = { product };
  return (
    <div className="my-solutions-product">
      {back}
      <h1 className="ui-page-title">{product.productName}</h1>
      <nav className="my-solutions-tabs" aria-label={t('my-solutions.product.sections')}>
        <ul>
          {TABS.map((tab) => (
            <li key={tab}>
              <NavLink className="my-solutions-tabs__link" to={tab}>
                {t(`my-solutions.tab.${tab}`)}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <Outlet context={context} />
    </div>
  );
}
