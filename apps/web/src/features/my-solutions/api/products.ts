import type * as contracts from '@portico/contracts/my-solutions';
import type { Download, ProductHighlight, ProductSummary } from '@portico/contracts/my-solutions';
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiUrl } from '../../../config/runtime-config.js';
import { fileSaver } from '../../../lib/files/save-file.js';
import { notifyError } from '../../../lib/http/error-catalogue.js';
import { deferredSchema } from '../../../lib/http/deferred-schema.js';
import {
  httpDownload,
  httpGetData,
  type QueryParams,
  type ResponseOf,
} from '../../../lib/http/http-client.js';
import { useT } from '../../../lib/labels/use-t.js';

const productPath = (productId: string, rest = '') =>
  apiUrl(`products/${encodeURIComponent(productId)}${rest}`);

type Contracts = typeof contracts;

/**
 * A page's data: a failure is thrown, and the page shows it as its error state with a retry
 * (issue 27, ADR 0049), never as a notification over a page that stays empty. The schema is
 * picked from My Solutions' contracts once the call is made: the dashboard, a page the server
 * paints, does not evaluate zod and the schemas at start-up (issue 25, TBT; ADR 0059).
 */
async function load<S extends z.ZodType>(
  url: string,
  pick: (contracts: Contracts) => S,
  signal: AbortSignal,
  query?: QueryParams,
): Promise<ResponseOf<S>> {
  const schema = pick(await import('@portico/contracts/my-solutions'));
  return httpGetData(url, schema, { signal, query });
}

// The dashboard's start-up answer, from this API (which checks it against the same schema
// before sending): checked once the page settles, like the other start-up answers (ADR 0047).
const productSummaryList = deferredSchema<ProductSummary[]>('list', () =>
  import('@portico/contracts/my-solutions').then(
    ({ productSummaryListSchema }) => productSummaryListSchema,
  ),
);

export const productsListQueryKey = ['my-solutions', 'products'] as const;

/** `GET {api}/products`: every product and whether the user is connected to it. */
export const productListQueryOptions = () =>
  queryOptions({
    queryKey: productsListQueryKey,
    queryFn: ({ signal }) => httpGetData(apiUrl('products'), productSummaryList, { signal }),
    staleTime: 60_000,
  });

export function useProducts() {
  return useQuery(productListQueryOptions());
}

// The tiles' lines come with the dashboard's start-up too (a page the server paints): checked
// once the page settles, as the product list is, so zod stays off its start-up (ADR 0059).
const productHighlightList = deferredSchema<ProductHighlight[]>('list', () =>
  import('@portico/contracts/my-solutions').then(
    ({ productHighlightListSchema }) => productHighlightListSchema,
  ),
);

export const productHighlightsQueryKey = ['my-solutions', 'highlights'] as const;

/**
 * `GET {api}/products/highlights` (issue 37): each tile's current release and newest product
 * news. The tiles show without them when the call fails (they are the tiles' extra lines).
 */
export function useProductHighlights(enabled: boolean) {
  return useQuery({
    queryKey: productHighlightsQueryKey,
    queryFn: ({ signal }) =>
      httpGetData(apiUrl('products/highlights'), productHighlightList, { signal }),
    staleTime: 60_000,
    retry: false,
    enabled,
  });
}

/**
 * `GET {api}/products/{productId}` (§7 product lookup by id): the access check of the product
 * page. Errors reach the page (403 → the account-manager card; 404 → unknown product).
 */
export function useProductLookup(productId: string | undefined) {
  return useQuery({
    queryKey: ['my-solutions', 'product', productId] as const,
    queryFn: ({ signal }) =>
      load(productPath(productId ?? ''), (c) => c.productDetailSchema, signal),
    enabled: productId !== undefined,
    retry: false,
  });
}

export const releasesQueryOptions = (productId: string) =>
  queryOptions({
    queryKey: ['my-solutions', 'releases', productId] as const,
    queryFn: ({ signal }) =>
      load(productPath(productId, '/releases'), (c) => c.releaseListSchema, signal),
    staleTime: 60_000,
  });

export function useReleases(productId: string | undefined) {
  return useQuery({ ...releasesQueryOptions(productId ?? ''), enabled: productId !== undefined });
}

export function useDownloads(productId: string, release: string) {
  return useQuery({
    queryKey: ['my-solutions', 'downloads', productId, release] as const,
    queryFn: ({ signal }) =>
      load(productPath(productId, '/downloads'), (c) => c.downloadListSchema, signal, { release }),
  });
}

/**
 * A download's file, fetched with the bearer token (a plain link would go without it) and
 * saved under the server's name. Errors are thrown; the hook shows them (§8).
 */
export async function downloadFile(input: { productId: string; download: Download }) {
  const { productId, download } = input;
  const file = await httpDownload(
    productPath(productId, `/downloads/${encodeURIComponent(download.id)}/file`),
    { headers: { Accept: 'application/octet-stream' }, handleErrors: false },
  );
  if (!file) return false;
  fileSaver.save(file.blob, file.filename ?? download.fileName);
  return true;
}

/** A failed download is the §8 notification, a 400 with the API's message (issue 27). */
export function useDownloadFile() {
  const t = useT();
  return useMutation({ mutationFn: downloadFile, onError: (error) => notifyError(error, t) });
}

export function useReleaseNotes(productId: string, release: string) {
  return useQuery({
    queryKey: ['my-solutions', 'release-notes', productId, release] as const,
    queryFn: ({ signal }) =>
      load(productPath(productId, '/release-notes'), (c) => c.releaseNoteListSchema, signal, {
        release,
      }),
  });
}

export function useReleaseChanges(productId: string, from: string, to: string) {
  return useQuery({
    queryKey: ['my-solutions', 'changes', productId, from, to] as const,
    queryFn: ({ signal }) =>
      load(
        productPath(productId, '/release-notes/changes'),
        (c) => c.releaseNoteListSchema,
        signal,
        {
          from,
          to,
        },
      ),
    enabled: from !== '' && to !== '' && from !== to,
  });
}
