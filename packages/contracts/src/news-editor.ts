import { z } from 'zod';
import { displayNameSchema } from './display-name.js';
import { newsEditorMessages } from './messages.js';
import { isSafeImageUrl } from './html-policy.js';
import { hasControlCharacters } from './text.js';

/**
 * News publishing by vendor employees (issue 12; ADR 0032): the editor's form, its items and
 * their states. One schema per contract: the API validates with it, the OpenAPI document
 * shows it and the editor form checks with it before sending.
 */

/** Where an item stands: only `published` items are in /news (the live `news` table). */
export const newsEditorialStatusSchema = z.enum(['draft', 'scheduled', 'published', 'unpublished']);
export type NewsEditorialStatus = z.infer<typeof newsEditorialStatusSchema>;

/**
 * What a save asks for: keep it a draft, publish it (now, or at its publication date when
 * that is in the future: scheduled) or take it out of /news (unpublished).
 */
export const newsEditorActionSchema = z.enum(['draft', 'publish', 'unpublish']);
export type NewsEditorAction = z.infer<typeof newsEditorActionSchema>;

/** Upload limits of header images (the form checks the size before sending). */
export const NEWS_IMAGE_MAX_BYTES = 5 * 1024 * 1024;
export const NEWS_IMAGE_MAX_PIXELS = 40_000_000;
export const NEWS_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif'] as const;

/** Text lengths of the §3 fields. */
export const NEWS_EDITOR_LIMITS = {
  title: 200,
  subtitle: 300,
  location: 100,
  introduction: 2000,
  content: 200_000,
  products: 50,
} as const;

const text = (max: number) =>
  z
    .string()
    .trim()
    .max(max, newsEditorMessages.tooLong)
    .refine((v) => !hasControlCharacters(v), newsEditorMessages.invalidText);

// Years 2000-9999: a four-digit year a person means.
const MIN_DATE = Date.UTC(2000, 0, 1);
const MAX_DATE = Date.UTC(10_000, 0, 1) - 1;

export const newsHeaderImageInputSchema = z
  .object({ large: z.string(), medium: z.string(), small: z.string() })
  .refine(
    (image) => [image.large, image.medium, image.small].every(isSafeImageUrl),
    newsEditorMessages.invalidImage,
  );

/** The editor form: every §3 field, the product targets and what to do with the item. */
export const newsEditorInputSchema = z.object({
  title: text(NEWS_EDITOR_LIMITS.title).min(1, newsEditorMessages.required),
  subtitle: text(NEWS_EDITOR_LIMITS.subtitle),
  location: text(NEWS_EDITOR_LIMITS.location),
  /** Epoch milliseconds (§3). In the future with `publish`: scheduled until then. */
  publicationDate: z
    .number({ error: newsEditorMessages.invalidDate })
    .int(newsEditorMessages.invalidDate)
    .min(MIN_DATE, newsEditorMessages.invalidDate)
    .max(MAX_DATE, newsEditorMessages.invalidDate),
  introduction: text(NEWS_EDITOR_LIMITS.introduction),
  /** HTML from the rich-text editor; the server sanitises it with the one allow-list. */
  content: z
    .string()
    .max(NEWS_EDITOR_LIMITS.content, newsEditorMessages.tooLong)
    .refine((v) => v.replace(/<[^>]*>/g, '').trim() !== '', newsEditorMessages.bodyRequired),
  headerImage: newsHeaderImageInputSchema.nullable(),
  sales: z.boolean(),
  /** Product news: the products it belongs to (product ids); none for general news. */
  productIds: z
    .array(z.string().min(1).max(100))
    .max(NEWS_EDITOR_LIMITS.products, newsEditorMessages.tooLong),
  action: newsEditorActionSchema,
});
export type NewsEditorInput = z.infer<typeof newsEditorInputSchema>;

/** One item as the editor sees it (`GET /api/news/editor/{id}` and every save's answer). */
export const newsEditorialItemSchema = z.object({
  /** The same id the item has (or will have) in /news. */
  id: z.number().int(),
  status: newsEditorialStatusSchema,
  title: z.string(),
  subtitle: z.string(),
  location: z.string(),
  publicationDate: z.number(),
  introduction: z.string(),
  content: z.string(),
  headerImage: z.object({ large: z.string(), medium: z.string(), small: z.string() }).nullable(),
  sales: z.boolean(),
  productIds: z.array(z.string()),
  authorName: displayNameSchema,
  updatedAt: z.number(),
  /** When its subscribers were told (the news.published event); null while never live. */
  announcedAt: z.number().nullable(),
  /**
   * Subscribers whose e-mail about the item was not delivered: the mail server refused it
   * for good, or it still failed on its last retry (issue 24, ADR 0053). 0 when a node from
   * before that leaves it out during a rolling restart.
   */
  mailFailures: z.number().int().min(0).default(0),
  version: z.number().int(),
});
export type NewsEditorialItem = z.infer<typeof newsEditorialItemSchema>;

/** A row of the editor's list. */
export const newsEditorialSummarySchema = newsEditorialItemSchema.pick({
  id: true,
  status: true,
  title: true,
  publicationDate: true,
  productIds: true,
  authorName: true,
  updatedAt: true,
});
export type NewsEditorialSummary = z.infer<typeof newsEditorialSummarySchema>;
export const newsEditorialListSchema = z.array(newsEditorialSummarySchema);

export const NEWS_EDITOR_PAGE_SIZE = 50;

export const newsEditorialListQuerySchema = z.object({
  page: z
    .string()
    .regex(/^\d{1,6}$/, { error: 'page must be a whole number from 1 to 999999' })
    .transform(Number)
    .refine((n) => n >= 1, { error: 'page must be a whole number from 1 to 999999' })
    .default(1),
  status: newsEditorialStatusSchema.optional(),
});

/** The answer of a header image upload: the three variants' same-origin addresses. */
export const newsImageUploadSchema = z.object({
  id: z.number().int(),
  large: z.string(),
  medium: z.string(),
  small: z.string(),
});
export type NewsImageUpload = z.infer<typeof newsImageUploadSchema>;

/** The products an item can be targeted at (the form's choices). */
export const newsEditorProductsSchema = z.array(
  z.object({ id: z.string(), productName: z.string() }),
);
export type NewsEditorProduct = z.infer<typeof newsEditorProductsSchema>[number];

export { newsEditorMessages };
