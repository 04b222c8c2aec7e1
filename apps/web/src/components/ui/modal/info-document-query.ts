import type { ContentDocument } from '@portico/contracts';
import { queryOptions } from '@tanstack/react-query';
import { contentUrl } from '../../../config/runtime-config.js';
import { httpGet } from '../../../lib/http/http-client.js';

/** §7 GET {content}/infodocument/{id}: a content document (title + HTML) for the modal. */
export async function fetchInfoDocument(
  id: string,
  signal?: AbortSignal,
): Promise<ContentDocument> {
  const url = contentUrl(`infodocument/${encodeURIComponent(id)}`);
  // The schema (and zod) load with the first document, not with the page (ADR 0047).
  const { contentDocumentSchema } = await import('@portico/contracts');
  // A failure is thrown; the query's one §8 handler shows it (§8: modal content failure).
  return await httpGet(url, contentDocumentSchema, { signal });
}

export const infoDocumentQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ['content', 'infodocument', id] as const,
    queryFn: ({ signal }) => fetchInfoDocument(id, signal),
    // A failure was already reported by the shared error handling; do not repeat it.
    retry: false,
    staleTime: 5 * 60_000,
  });
