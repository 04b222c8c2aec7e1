import { z } from 'zod';

/** §3 Label entry. */
export const labelEntrySchema = z.object({ key: z.string(), value: z.string() });
export const labelListSchema = z.array(labelEntrySchema);
export type LabelEntry = z.infer<typeof labelEntrySchema>;

/** §3 Content document: title and HTML content. */
export const contentDocumentSchema = z.object({ title: z.string(), content: z.string() });
export type ContentDocument = z.infer<typeof contentDocumentSchema>;

/** §3 Product. */
export const productSchema = z.object({
  productName: z.string(),
  slug: z.string(),
  contentId: z.string(),
});
export const productListSchema = z.array(productSchema);
export type Product = z.infer<typeof productSchema>;

/**
 * `language`: a two-letter code or the pseudo-locale en-XA (issue 16). Without it the caller's
 * profile language decides; a code the portal does not support answers in English (logged).
 */
export const labelsQuerySchema = z.object({
  language: z
    .string()
    .regex(/^(?:[a-z]{2}|en-XA)$/, 'language must be a two-letter code or en-XA')
    .optional(),
});

/** The path parameter of `GET {content base}/infodocument/:id`: a content key. */
export const infoDocumentParamsSchema = z.object({
  id: z.string().regex(/^[A-Za-z0-9][A-Za-z0-9._-]{0,98}$/, {
    error: 'id must be a content key (letters, digits, dot, dash, underscore)',
  }),
});
