import {
  downloadListSchema,
  productDetailSchema,
  productSummaryListSchema,
  releaseListSchema,
  releaseNoteListSchema,
  type Download,
} from '@portico/contracts';
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { apiUrl } from '../../../config/runtime-config.js';
import { fileSaver } from '../../../lib/files/save-file.js';
import { httpDownload, httpGet } from '../../../lib/http/http-client.js';

const productPath = (productId: string, rest = '') =>
  apiUrl(`products/${encodeURIComponent(productId)}${rest}`);

export const productsListQueryKey = ['my-solutions', 'products'] as const;

/** `GET {api}/products`: every product and whether the user is connected to it. */
export const productListQueryOptions = () =>
  queryOptions({
    queryKey: productsListQueryKey,
    queryFn: async ({ signal }) =>
      (await httpGet(apiUrl('products'), productSummaryListSchema, { signal })) ?? [],
    staleTime: 60_000,
  });

export function useProducts() {
  return useQuery(productListQueryOptions());
}

/**
 * `GET {api}/products/{productId}` (§7 product lookup by id): the access check of the product
 * page. Errors reach the page (403 → the account-manager card; 404 → unknown product).
 */
export function useProductLookup(productId: string | undefined) {
  return useQuery({
    queryKey: ['my-solutions', 'product', productId] as const,
    queryFn: async ({ signal }) => {
      const product = await httpGet(productPath(productId ?? ''), productDetailSchema, {
        signal,
        handleErrors: false,
      });
      if (product === null) throw new Error('no product');
      return product;
    },
    enabled: productId !== undefined,
    retry: false,
  });
}

export const releasesQueryOptions = (productId: string) =>
  queryOptions({
    queryKey: ['my-solutions', 'releases', productId] as const,
    queryFn: async ({ signal }) =>
      (await httpGet(productPath(productId, '/releases'), releaseListSchema, { signal })) ?? [],
    staleTime: 60_000,
  });

export function useReleases(productId: string | undefined) {
  return useQuery({ ...releasesQueryOptions(productId ?? ''), enabled: productId !== undefined });
}

export function useDownloads(productId: string, release: string) {
  return useQuery({
    queryKey: ['my-solutions', 'downloads', productId, release] as const,
    queryFn: async ({ signal }) =>
      (await httpGet(productPath(productId, '/downloads'), downloadListSchema, {
        signal,
        query: { release },
      })) ?? [],
  });
}

/**
 * A download's file, fetched with the bearer token (a plain link would go without it) and
 * saved under the server's name. Errors are shown by the §8 catalogue.
 */
export async function downloadFile(input: { productId: string; download: Download }) {
  const { productId, download } = input;
  const file = await httpDownload(
    productPath(productId, `/downloads/${encodeURIComponent(download.id)}/file`),
    { headers: { Accept: 'application/octet-stream' } },
  );
  if (!file) return false;
  fileSaver.save(file.blob, file.filename ?? download.fileName);
  return true;
}

export function useDownloadFile() {
  return useMutation({ mutationFn: downloadFile });
}

export function useReleaseNotes(productId: string, release: string) {
  return useQuery({
    queryKey: ['my-solutions', 'release-notes', productId, release] as const,
    queryFn: async ({ signal }) =>
      (await httpGet(productPath(productId, '/release-notes'), releaseNoteListSchema, {
        signal,
        query: { release },
      })) ?? [],
  });
}

export function useReleaseChanges(productId: string, from: string, to: string) {
  return useQuery({
    queryKey: ['my-solutions', 'changes', productId, from, to] as const,
    queryFn: async ({ signal }) =>
      (await httpGet(productPath(productId, '/release-notes/changes'), releaseNoteListSchema, {
        signal,
        query: { from, to },
      })) ?? [],
    enabled: from !== '' && to !== '' && from !== to,
  });
}
