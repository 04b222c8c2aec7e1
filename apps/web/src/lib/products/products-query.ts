import type { Product } from '@portico/contracts';
import { queryOptions } from '@tanstack/react-query';
import { contentUrl } from '../../config/runtime-config.js';
import { deferredSchema } from '../http/deferred-schema.js';
import { httpGet } from '../http/http-client.js';

// Start-up answer (the header search): checked once the page settles (ADR 0047).
const productList = deferredSchema('list', () =>
  import('@portico/contracts/content').then(({ productListSchema }) => productListSchema),
);

/**
 * The product list for the header search (§2 Search results: "{content}/labels/cppproducts and
 * the profile's connected products"). The other central slices (§3) live in lib/profile and
 * lib/account so features can read them.
 */

export const productsQueryKey = ['content', 'cppproducts'] as const;

/**
 * GET {content}/labels/cppproducts (§7; response not shown — read as the §3 Product list).
 * The header search and the search page's product links use it, so a failure is logged, not shown: the search still works
 * with the user's connected products.
 */
export async function fetchProducts(signal?: AbortSignal): Promise<Product[]> {
  try {
    const products = await httpGet(contentUrl('labels/cppproducts'), productList, {
      signal,
    });
    return products;
  } catch (error) {
    if (signal?.aborted) throw error;
    console.error('The product list for the header search could not be loaded', error);
    return [];
  }
}

export const productsQueryOptions = () =>
  queryOptions({
    queryKey: productsQueryKey,
    queryFn: ({ signal }) => fetchProducts(signal),
    staleTime: Infinity,
  });
