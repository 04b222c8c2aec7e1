import { z } from 'zod';
import { searchText } from './search.js';
import { hasControlCharacters } from './text.js';

/** How many searches one user may save. */
export const SAVED_SEARCHES_LIMIT = 50;

const notify = {
  /** Tell new results in the notification bell. */
  notifyBell: z.boolean(),
  /** Tell new results by e-mail (with a one-click unsubscribe link). */
  notifyEmail: z.boolean(),
};

/** `POST {api}/search/saved`: saving the same query and product again updates it. */
export const savedSearchInputSchema = z.object({
  query: searchText,
  productId: z
    .string()
    .trim()
    .max(100, { error: 'productId must be at most 100 characters' })
    .refine((value) => !hasControlCharacters(value), {
      error: 'productId must not contain control characters',
    })
    .optional()
    .transform((value) => (value === '' ? undefined : value)),
  ...notify,
});
export type SavedSearchInput = z.input<typeof savedSearchInputSchema>;
/** A saved search as the API has validated it (the service and repository take this). */
export type SavedSearchValues = z.output<typeof savedSearchInputSchema>;

/** `PUT {api}/search/saved/{id}`: only how it notifies changes. */
export const savedSearchNotifySchema = z.object(notify);
export type SavedSearchNotify = z.infer<typeof savedSearchNotifySchema>;

export const savedSearchIdParamsSchema = z.object({
  id: z.string().regex(/^[1-9][0-9]{0,17}$/, { error: 'id must be a saved search id' }),
});

export const savedSearchSchema = z.object({
  id: z.string(),
  query: z.string(),
  productId: z.string().nullable(),
  ...notify,
  createdAt: z.string(),
});
export type SavedSearch = z.infer<typeof savedSearchSchema>;

export const savedSearchListSchema = z.object({ items: z.array(savedSearchSchema) });
export type SavedSearchList = z.infer<typeof savedSearchListSchema>;
