import {
  productDocumentPageSchema,
  productDocumentSchema,
  type ProductDocument,
  type ProductDocumentPage,
} from '@portico/contracts';
import { keepPreviousData, queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { apiUrl } from '../../../../config/runtime-config.js';
import { fileSaver } from '../../../../lib/files/save-file.js';
import {
  httpDownload,
  httpGet,
  type ResponseOf,
  type ResponseSchema,
} from '../../../../lib/http/http-client.js';
import { HttpError } from '../../../../lib/http/http-error.js';
import {
  documentationSearchParams,
  type DocumentationUrlState,
} from '../hooks/use-documentation-url-state.js';
import { shownByCaller } from '../../../../lib/http/failure-handling.js';

/**
 * An answer of the documentation API: the data, or 'forbidden' when the caller's account is
 * not connected to the product (403: the page offers the account manager instead), or
 * 'not-found' (404). Other failures are thrown: the page shows its error state with a retry
 * (issue 27, ADR 0049).
 */
export type Answer<T> = { kind: 'ok'; data: T } | { kind: 'forbidden' } | { kind: 'not-found' };

/** GET `url`, read with `schema`, as an Answer. */
async function getAnswer<S extends ResponseSchema>(
  url: string,
  schema: S,
  signal?: AbortSignal,
): Promise<Answer<ResponseOf<S>>> {
  try {
    return { kind: 'ok', data: await httpGet(url, schema, signal ? { signal } : {}) };
  } catch (error) {
    if (signal?.aborted) throw error;
    if (error instanceof HttpError && error.status === 403) return { kind: 'forbidden' };
    if (error instanceof HttpError && error.status === 404) return { kind: 'not-found' };
    throw error;
  }
}

const documentsUrl = (productId: string): string =>
  apiUrl(`products/${encodeURIComponent(productId)}/documents`);

/** `GET {api}/products/{productId}/documents?query&sort&page&<facet>=…` (facets repeated). */
export function fetchDocumentsPage(
  productId: string,
  state: DocumentationUrlState,
  signal?: AbortSignal,
): Promise<Answer<ProductDocumentPage>> {
  const search = documentationSearchParams(state).toString();
  const url = search ? `${documentsUrl(productId)}?${search}` : documentsUrl(productId);
  return getAnswer(url, productDocumentPageSchema, signal);
}

export function useDocumentsPage(productId: string, state: DocumentationUrlState) {
  return useQuery(
    queryOptions({
      meta: shownByCaller,
      queryKey: ['product-documents', productId, 'list', state] as const,
      queryFn: ({ signal }) => fetchDocumentsPage(productId, state, signal),
      placeholderData: keepPreviousData,
    }),
  );
}

/** `GET {api}/products/{productId}/documents/{documentId}`. */
export function fetchDocument(
  productId: string,
  documentId: string,
  signal?: AbortSignal,
): Promise<Answer<ProductDocument>> {
  const url = `${documentsUrl(productId)}/${encodeURIComponent(documentId)}`;
  return getAnswer(url, productDocumentSchema, signal);
}

export function useDocument(productId: string, documentId: string) {
  return useQuery(
    queryOptions({
      meta: shownByCaller,
      queryKey: ['product-documents', productId, 'document', documentId] as const,
      queryFn: ({ signal }) => fetchDocument(productId, documentId, signal),
    }),
  );
}

/** `GET …/documents/{documentId}/download`, fetched with the bearer token and saved. */
export async function downloadDocument(input: {
  productId: string;
  documentId: number;
  title: string;
}): Promise<boolean> {
  const file = await httpDownload(`${documentsUrl(input.productId)}/${input.documentId}/download`, {
    headers: { Accept: 'text/html' },
  });
  fileSaver.save(file.blob, file.filename ?? `document-${input.documentId}.html`);
  return true;
}

/** A failed download is the §8 notification (the mutation cache's one handler, ADR 0065). */
export function useDownloadDocument() {
  return useMutation({ mutationFn: downloadDocument });
}
