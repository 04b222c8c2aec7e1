import {
  newsEditorialItemSchema,
  newsEditorialListSchema,
  newsEditorProductsSchema,
  newsImageUploadSchema,
  type NewsEditorialItem,
  type NewsEditorInput,
  type NewsImageUpload,
} from '@portico/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiUrl } from '../../../config/runtime-config.js';
import {
  httpGet,
  httpGetWithTotal,
  httpSend,
  httpSendNoContent,
  httpUpload,
} from '../../../lib/http/http-client.js';
import { HttpError } from '../../../lib/http/http-error.js';
import { shownByCaller } from '../../../lib/http/failure-handling.js';

export const newsEditorKey = ['news-editor'] as const;

/**
 * GET {api}/news/editor: the editor's items. A 403 is the no-access page (not an error
 * notification), so this call handles its errors itself.
 */
export function useEditorialList(page: number) {
  return useQuery({
    meta: shownByCaller,
    queryKey: [...newsEditorKey, 'list', page] as const,
    queryFn: async ({ signal }) => {
      try {
        const result = await httpGetWithTotal(apiUrl('news/editor'), newsEditorialListSchema, {
          query: { page },
          signal,
        });
        return { items: result.data, total: result.total };
      } catch (error) {
        if (error instanceof HttpError && error.status === 403) return 'no-access' as const;
        throw error;
      }
    },
    retry: false,
  });
}

/** GET {api}/news/editor/{id}; errors are the caller's to show (403 no access, 404 not found). */
export function useEditorialItem(id: number | null) {
  return useQuery({
    meta: shownByCaller,
    queryKey: [...newsEditorKey, 'item', id ?? 0] as const,
    queryFn: async ({ signal }) => {
      try {
        return await httpGet(apiUrl(`news/editor/${id ?? 0}`), newsEditorialItemSchema, {
          signal,
        });
      } catch (error) {
        if (error instanceof HttpError && error.status === 403) return 'no-access' as const;
        throw error;
      }
    },
    enabled: id !== null,
    retry: false,
  });
}

const ifMatch = (item: NewsEditorialItem) => ({ 'If-Match': `"v${item.version}"` });

/** POST (new) or PUT (with If-Match); throws HttpError so the form can show what failed. */
export function saveItem(
  current: NewsEditorialItem | null,
  input: NewsEditorInput,
): Promise<NewsEditorialItem> {
  return current
    ? httpSend('PUT', apiUrl(`news/${current.id}`), input, newsEditorialItemSchema, {
        headers: ifMatch(current),
      })
    : httpSend('POST', apiUrl('news'), input, newsEditorialItemSchema);
}

export async function deleteItem(item: NewsEditorialItem): Promise<void> {
  await httpSendNoContent('DELETE', apiUrl(`news/${item.id}`), undefined, {
    headers: ifMatch(item),
  });
}

/** POST {api}/news/images (multipart): the three resized variants' addresses. */
export function uploadHeaderImage(file: File): Promise<NewsImageUpload> {
  const form = new FormData();
  form.append('file', file);
  return httpUpload(apiUrl('news/images'), form, newsImageUploadSchema);
}

/**
 * GET {api}/news/editor/products: the form's product choices. The form cannot show without
 * them (an item's targets would be invisible), so they are page data: errors are the page's.
 */
export function useProductChoices(enabled: boolean) {
  return useQuery({
    meta: shownByCaller,
    queryKey: [...newsEditorKey, 'products'] as const,
    queryFn: async ({ signal }) => {
      try {
        return await httpGet(apiUrl('news/editor/products'), newsEditorProductsSchema, {
          signal,
        });
      } catch (error) {
        if (error instanceof HttpError && error.status === 403) return 'no-access' as const;
        throw error;
      }
    },
    enabled,
    staleTime: Infinity,
    retry: false,
  });
}
