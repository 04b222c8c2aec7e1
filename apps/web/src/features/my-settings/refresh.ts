import type { QueryClient } from '@tanstack/react-query';
import { labelsQueryOptions } from '../../lib/labels/labels-query.js';
import { previewLanguage } from '../../lib/labels/preview-language.js';
import { profileQueryKey } from '../../lib/profile/profile-query.js';

/**
 * The §4 refresh action after the user changed their own settings: the labels of the (new)
 * language load and become current — the labels query applies them to the label store, so every
 * screen switches at once, without a page reload — then the profile reloads. Loading the
 * labels first, by their language, keeps an older language's refetch from landing last.
 */
export async function refreshLabelsAndProfile(
  queryClient: QueryClient,
  language: string,
): Promise<void> {
  // A running preview (?language=…) keeps its language; the profile still changes.
  await queryClient.query({
    ...labelsQueryOptions(previewLanguage() ?? language),
    staleTime: 0,
  });
  await queryClient.invalidateQueries({ queryKey: profileQueryKey });
}
