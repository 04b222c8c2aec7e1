import {
  savedSearchListSchema,
  savedSearchSchema,
  type SavedSearch,
  type SavedSearchInput,
  type SavedSearchNotify,
} from '@portico/contracts';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiUrl } from '../../../config/runtime-config.js';
import { httpGet, httpSend } from '../../../lib/http/http-client.js';

const key = ['search', 'saved'] as const;

/** `GET {api}/search/saved`: the user's saved searches (issue 38). */
export function savedSearchesQueryOptions() {
  return queryOptions({
    queryKey: key,
    queryFn: ({ signal }) => httpGet(apiUrl('search/saved'), savedSearchListSchema, { signal }),
    retry: false,
  });
}

const one = (id: string) => apiUrl(`search/saved/${encodeURIComponent(id)}`);

/**
 * Save, change and remove: a failure is shown by the §8 catalogue (a 400's own message) and
 * resolves null; the list is asked again after each.
 */
export function useSavedSearchMutations() {
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: key });
  const save = useMutation({
    mutationFn: (input: SavedSearchInput): Promise<SavedSearch | null> =>
      httpSend('POST', apiUrl('search/saved'), input, savedSearchSchema),
    onSettled: refresh,
  });
  const update = useMutation({
    mutationFn: ({ id, ...notify }: SavedSearchNotify & { id: string }) =>
      httpSend('PUT', one(id), notify, savedSearchSchema),
    onSettled: refresh,
  });
  const remove = useMutation({
    mutationFn: (id: string) =>
      httpSend('DELETE', one(id), undefined, savedSearchSchema, { allowNoContent: true }),
    onSettled: refresh,
  });
  return { save, update, remove };
}
