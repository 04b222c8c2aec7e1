import { useProfile } from '../../../lib/profile/profile-query.js';
import { QueryErrorState } from '../../../components/ui/error-state/error-state.js';
import { useT } from '../../../lib/labels/use-t.js';
import { useProductHighlights, useProducts } from '../api/products.js';
import { ProductTile } from './product-tile.js';
import { SearchWizard } from './search-wizard.js';

/**
 * The My Solutions dashboard (§1): a greeting by name, tiles of the user's connected products
 * (vendor employees: all of them) with their current release and news (issue 37), and the
 * product-information search wizard.
 */
export function DashboardPage() {
  const t = useT();
  const profile = useProfile();
  const products = useProducts();
  const connected = (products.data ?? []).filter((p) => p.connected);
  const highlights = useProductHighlights(connected.length > 0);
  const highlightOf = new Map((highlights.data ?? []).map((h) => [h.productId, h]));

  return (
    <div className="my-solutions">
      <h1 className="ui-page-title">
        {t('my-solutions.greeting', { name: profile?.firstName ?? '' })}
      </h1>
      <p className="my-solutions__intro">{t('my-solutions.intro')}</p>
      <section aria-labelledby="my-products-title">
        <h2 id="my-products-title">{t('my-solutions.products.title')}</h2>
        {products.isLoading && <p role="status">{t('my-solutions.loading')}</p>}
        {products.isError && <QueryErrorState query={products} />}
        {products.isSuccess && connected.length === 0 && <p>{t('my-solutions.products.none')}</p>}
        {connected.length > 0 && (
          <ul className="ui-card-grid my-solutions__tiles">
            {connected.map((p) => (
              <ProductTile key={p.id} product={p} highlight={highlightOf.get(p.id)} />
            ))}
          </ul>
        )}
      </section>
      {products.isSuccess && connected.length > 0 && <SearchWizard products={connected} />}
    </div>
  );
}
