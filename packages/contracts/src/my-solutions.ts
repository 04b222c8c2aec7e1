import { z } from 'zod';

/**
 * My Solutions (issue 13): products, their releases, downloads, release notes and product
 * news. The product id in every path is the product's own id (`p-erp`); the web finds it in
 * `GET {api}/products` from the slug and contentId of its address (§2).
 */

const ID = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;

/** A product id in a path: a short token; anything else cannot name a product (404). */
export const productIdSchema = z
  .string()
  .regex(ID, { error: 'productId must be a product id (letters, digits, dot, dash, underscore)' });

export const productParamsSchema = z.object({ productId: productIdSchema });

/** §3 Product with its id, as the product lookup by id answers (§7). */
export const productDetailSchema = z.object({
  id: z.string(),
  productName: z.string(),
  slug: z.string(),
  contentId: z.string(),
});
export type ProductDetail = z.infer<typeof productDetailSchema>;

/**
 * One row of `GET {api}/products`: every product (products are not secret) and whether the
 * caller's account is connected to it (vendor employees: all).
 */
export const productSummarySchema = productDetailSchema.extend({ connected: z.boolean() });
export const productSummaryListSchema = z.array(productSummarySchema);
export type ProductSummary = z.infer<typeof productSummarySchema>;

/**
 * What a My Solutions tile says of a connected product (issue 37): what the product is in one
 * line, its current release and its newest product news, from the rows the product already
 * has (null when it has none).
 */
export const productHighlightSchema = z.object({
  productId: z.string(),
  description: z
    .string()
    .nullable()
    .describe("The product's description in one line (its own text); null when it has none."),
  latestRelease: z.object({ version: z.string(), releaseDate: z.string() }).nullable(),
  latestNews: z
    .object({ id: z.number().int(), title: z.string(), publicationDate: z.string() })
    .nullable(),
});
export const productHighlightListSchema = z.array(productHighlightSchema);
export type ProductHighlight = z.infer<typeof productHighlightSchema>;

/** A release (version) of a product; releaseDate is an ISO date (yyyy-mm-dd). */
export const releaseSchema = z.object({
  version: z.string(),
  releaseDate: z.string(),
});
export const releaseListSchema = z.array(releaseSchema);
export type Release = z.infer<typeof releaseSchema>;

/** A version in a query string: digits and dots, e.g. 2026.1. */
const VERSION = /^\d{1,4}(\.\d{1,4}){0,3}$/;
const version = (name: string) =>
  z
    .string({ error: `${name} must be given once, as text` })
    .regex(VERSION, { error: `${name} must be a version such as 2026.1` });

/** A download of a release (the software tab). size is in bytes; sha256 is lower-case hex. */
export const downloadSchema = z.object({
  id: z.string(),
  name: z.string(),
  version: z.string(),
  releaseDate: z.string(),
  fileName: z.string(),
  size: z.number().int().nonnegative(),
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
  /** The file's address (needs the bearer token; supports Range). */
  url: z.string(),
});
export const downloadListSchema = z.array(downloadSchema);
export type Download = z.infer<typeof downloadSchema>;

/** `GET {api}/products/{productId}/downloads?release=`: one release, or all when absent. */
export const downloadListQuerySchema = z.object({ release: version('release').optional() });

export const downloadParamsSchema = z.object({
  productId: productIdSchema,
  downloadId: z.string().regex(ID, { error: 'downloadId must be a download id' }),
});

/** The bytes of a download (documented in OpenAPI; Fastify sends the stream as it is). */
export const downloadFileSchema = z.string().describe('The file, or the requested byte range.');

/** One note of a release: a change, with sanitised HTML. */
export const releaseNoteSchema = z.object({
  id: z.number().int(),
  version: z.string(),
  releaseDate: z.string(),
  title: z.string(),
  content: z.string(),
});
export const releaseNoteListSchema = z.array(releaseNoteSchema);
export type ReleaseNote = z.infer<typeof releaseNoteSchema>;

/** `GET {api}/products/{productId}/release-notes?release=`: one version, or all. */
export const releaseNotesQuerySchema = z.object({ release: version('release').optional() });

/**
 * `GET {api}/products/{productId}/release-notes/changes?from=X&to=Y`: what changes when going
 * from X to Y — the notes of every release after X up to and including Y, oldest first (X's own
 * notes are what the user already has). The two may come in either order (ADR 0037).
 */
export const releaseChangesQuerySchema = z.object({
  from: version('from'),
  to: version('to'),
});

/** The path of `{api}/products/{productId}/news/{id}` (read here, written by the news editor). */
export const productNewsItemParamsSchema = z.object({
  productId: productIdSchema,
  id: z.string().regex(/^\d+$/, { error: 'The news id must be a whole number.' }),
});
