import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { productsQueryOptions } from '../../../../lib/products/products-query.js';

/** The product of `/my-solutions/:slug/:contentId/…`: the API takes its contentId as its id. */
export function useRouteProduct(): { contentId: string; slug: string; productName: string | null } {
  const { slug = '', contentId = '' } = useParams();
  const products = useQuery(productsQueryOptions());
  const product = products.data?.find((p) => p.contentId === contentId);
  return { contentId, slug, productName: product?.productName ?? null };
}
