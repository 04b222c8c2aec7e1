import type { ProductDetail } from '@portico/contracts';
import { useOutletContext } from 'react-router';

/** What the product page hands its tabs (the product the caller may open). */
export interface ProductPageContext {
  product: ProductDetail;
}

/**
 * The product of the product page (`/my-solutions/{slug}/{contentId}/…`): its id names it in
 * every `{api}/products/{productId}/…` call. Only inside the product page's tabs.
 */
export function useCurrentProduct(): ProductDetail {
  return useOutletContext<ProductPageContext>().product;
}
