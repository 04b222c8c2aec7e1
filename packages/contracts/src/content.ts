import { z } from 'zod';
import { PORTAL_LANGUAGES } from './languages.js';

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
 * `language`: one of the nine languages or the pseudo-locale en-XA (issue 16). Without it the
 * caller's profile language decides; any other value is a 400 (issue 27).
 */
export const labelsQuerySchema = z.object({
  language: z
    .string()
    .refine(
      (v) => v === 'en-XA' || (PORTAL_LANGUAGES as readonly string[]).includes(v),
      `language must be one of ${PORTAL_LANGUAGES.join(', ')} or en-XA`,
    )
    .optional(),
});

/** The path parameter of `GET {content base}/infodocument/:id`: a content key. */
export const infoDocumentParamsSchema = z.object({
  id: z.string().regex(/^[A-Za-z0-9][A-Za-z0-9._-]{0,98}$/, {
    error: 'id must be a content key (letters, digits, dot, dash, underscore)',
  }),
});
