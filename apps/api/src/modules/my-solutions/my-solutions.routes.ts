import {
  downloadFileSchema,
  downloadListQuerySchema,
  downloadListSchema,
  downloadParamsSchema,
  newsItemSchema,
  newsListQuerySchema,
  productDetailSchema,
  productHighlightListSchema,
  productNewsItemParamsSchema,
  productParamsSchema,
  productSummaryListSchema,
  releaseChangesQuerySchema,
  releaseListSchema,
  releaseNoteListSchema,
  releaseNotesQuerySchema,
} from '@portico/contracts';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import type { ZodType } from 'zod';
import { hasSearchText, searchBudgetHook } from '../search-budget/index.js';
import { callerIdOf } from '../../lib/caller.js';
import { BadRequestError, NotFoundError } from '../../lib/errors.js';
import { requireProductAccess } from '../../lib/product-access.js';
import { problem, sendProblem } from '../../lib/problem.js';
import { withTotalCountHeader } from '../../lib/reply.js';
import { bearerErrors, fileResponse, problemResponse } from '../../lib/route-schemas.js';
import { findProductNewsItem, getProductNewsPage, newsPageResponse } from '../news/index.js';
import { parseByteRange } from './byte-range.js';
import { downloadStream } from './download-bytes.js';
import {
  getDownload,
  getDownloads,
  getProductHighlights,
  getProductsFor,
  getReleaseChanges,
  getReleaseNotes,
  getReleases,
} from './my-solutions.service.js';

const tags = ['my-solutions'];
const access =
  "An unknown product is a 404; a product the caller's account is not connected to is a 403 (vendor employees reach every product).";
const MAX_ID_DIGITS = 15;

const fileUrl = (productId: string, downloadId: string) =>
  `/api/products/${encodeURIComponent(productId)}/downloads/${encodeURIComponent(downloadId)}/file`;

/**
 * The schema of a read of one product's data (`:productId`): its documentation and query,
 * the answer, and the errors of a product the caller may not open (400, 403, 404).
 */
function productReadSchema<Query extends ZodType | undefined = undefined>(doc: {
  operationId: string;
  summary: string;
  description: string;
  querystring?: Query;
  response: ZodType;
}) {
  const { response, querystring, ...rest } = doc;
  const schema = {
    ...rest,
    tags,
    params: productParamsSchema,
    response: { 200: response, ...bearerErrors(400, 403, 404) },
  };
  // A read without a query declares none: a querystring key that is undefined makes Fastify
  // warn at start-up (FSTWRN001) that the schema is missing.
  return (querystring === undefined ? schema : { ...schema, querystring }) as typeof schema & {
    querystring: Query;
  };
}

const rangeNotSatisfiable = problemResponse(
  'The Range starts at or beyond the end of the file; Content-Range names the size (bytes */size).',
);

/**
 * My Solutions (issue 13): the product lookup, releases, downloads with resumable files,
 * release notes and the changes between two versions, and product news. Every product route
 * checks the caller with requireProductAccess first.
 */
export const mySolutionsRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  app.get(
    '/api/products',
    {
      schema: {
        operationId: 'listProducts',
        summary: 'Every product, with whether the caller is connected to it',
        description:
          'Products are not secret; `connected` says whether the caller may open its pages (vendor employees: all). The dashboard shows the connected ones.',
        tags,
        response: { 200: productSummaryListSchema.describe('The products.'), ...bearerErrors() },
      },
    },
    async (request) => getProductsFor(app.db, callerIdOf(request)),
  );

  app.get(
    '/api/products/highlights',
    {
      schema: {
        operationId: 'listProductHighlights',
        summary:
          "The dashboard tiles' lines: each reachable product's description, current release and news",
        description:
          'For every product the caller reaches (connected, or a vendor employee): its one-line description, its newest release and its newest product news item, each null when it has none.',
        tags,
        response: {
          200: productHighlightListSchema.describe('One entry per reachable product.'),
          ...bearerErrors(),
        },
      },
    },
    async (request) => getProductHighlights(app.db, callerIdOf(request)),
  );

  app.get(
    '/api/products/:productId',
    {
      schema: productReadSchema({
        operationId: 'getProduct',
        summary: 'One product (the product lookup by id, §7)',
        description: access,
        response: productDetailSchema.describe('The product.'),
      }),
    },
    async (request) => requireProductAccess(app.db, request, request.params.productId),
  );

  app.get(
    '/api/products/:productId/releases',
    {
      schema: productReadSchema({
        operationId: 'listProductReleases',
        summary: "The product's releases, newest first",
        description: access,
        response: releaseListSchema.describe('The releases.'),
      }),
    },
    async (request) => {
      const product = await requireProductAccess(app.db, request, request.params.productId);
      return getReleases(app.db, product.id);
    },
  );

  app.get(
    '/api/products/:productId/downloads',
    {
      schema: productReadSchema({
        operationId: 'listProductDownloads',
        summary: "The product's downloads, newest release first",
        description: `Each with its version, release date, size in bytes, SHA-256 and the address of the file. \`release\` narrows them to one version. ${access}`,
        querystring: downloadListQuerySchema,
        response: downloadListSchema.describe('The downloads.'),
      }),
    },
    async (request) => {
      const product = await requireProductAccess(app.db, request, request.params.productId);
      return getDownloads(app.db, product.id, request.query.release, (downloadId) =>
        fileUrl(product.id, downloadId),
      );
    },
  );

  app.get(
    '/api/products/:productId/downloads/:downloadId/file',
    {
      schema: {
        operationId: 'downloadProductFile',
        summary: 'The file of a download (resumable)',
        description: `Sent as an attachment. Supports one byte range (\`Range: bytes=a-b\`, \`a-\` or \`-n\`): 206 with Content-Range; 416 when it starts beyond the end; \`If-Range\` with the ETag sends the range only while the file is unchanged. A download of another product is a 404, like one that does not exist. ${access}`,
        tags,
        params: downloadParamsSchema,
        response: {
          200: fileResponse('application/octet-stream', downloadFileSchema, 'The whole file.'),
          206: fileResponse(
            'application/octet-stream',
            downloadFileSchema,
            'The requested byte range.',
          ),
          416: rangeNotSatisfiable,
          ...bearerErrors(400, 403, 404),
        },
      },
    },
    async (request, reply) => {
      const { productId, downloadId } = request.params;
      const product = await requireProductAccess(app.db, request, productId);
      const file = await getDownload(app.db, product.id, downloadId);
      if (!file) throw new NotFoundError(`There is no download ${downloadId} of this product.`);
      const etag = `"${file.sha256}"`;
      reply
        .header('accept-ranges', 'bytes')
        .header('etag', etag)
        .header('cache-control', 'private, no-store')
        .header(
          'content-disposition',
          `attachment; filename="${file.fileName.replace(/[^\w.-]/g, '_')}"`,
        );
      const ifRange = request.headers['if-range'];
      const range =
        ifRange === undefined || ifRange === etag
          ? parseByteRange(request.headers.range, file.size)
          : ({ kind: 'full' } as const);
      if (range.kind === 'unsatisfiable') {
        reply.header('content-range', `bytes */${file.size}`);
        return sendProblem(
          reply,
          problem(
            416,
            `The file has ${file.size} bytes; the range asked for starts beyond its end.`,
          ),
          request,
        );
      }
      reply.type('application/octet-stream');
      if (range.kind === 'partial') {
        return reply
          .code(206)
          .header('content-range', `bytes ${range.start}-${range.end}/${file.size}`)
          .header('content-length', String(range.end - range.start + 1))
          .send(downloadStream(file.seed, range.start, range.end));
      }
      reply.header('content-length', String(file.size));
      if (file.size === 0) return reply.send(Buffer.alloc(0));
      return reply.send(downloadStream(file.seed, 0, file.size - 1));
    },
  );

  app.get(
    '/api/products/:productId/release-notes',
    {
      schema: productReadSchema({
        operationId: 'listReleaseNotes',
        summary: "The product's release notes, newest release first",
        description: `Per version, with sanitised HTML; \`release\` narrows them to one version. ${access}`,
        querystring: releaseNotesQuerySchema,
        response: releaseNoteListSchema.describe('The notes.'),
      }),
    },
    async (request) => {
      const product = await requireProductAccess(app.db, request, request.params.productId);
      return getReleaseNotes(app.db, product.id, request.query.release);
    },
  );

  app.get(
    '/api/products/:productId/release-notes/changes',
    {
      schema: productReadSchema({
        operationId: 'getReleaseChanges',
        summary: 'The changes between two versions',
        description: `Every note of the releases after the older of \`from\` and \`to\` up to and including the newer one, oldest first: what changes when upgrading (the older version's own notes are what the user already has). Both must be releases of the product (400 otherwise). ${access}`,
        querystring: releaseChangesQuerySchema,
        response: releaseNoteListSchema.describe('The notes, oldest release first.'),
      }),
    },
    async (request) => {
      const product = await requireProductAccess(app.db, request, request.params.productId);
      const releases = await getReleases(app.db, product.id);
      const find = (version: string) => {
        const release = releases.find((r) => r.version === version);
        if (!release)
          throw new BadRequestError(`${version} is not a release of ${product.productName}.`);
        return release;
      };
      let older = find(request.query.from);
      let newer = find(request.query.to);
      if (
        older.releaseDate > newer.releaseDate ||
        (older.releaseDate === newer.releaseDate && older.version > newer.version)
      )
        [older, newer] = [newer, older];
      return getReleaseChanges(app.db, product.id, older, newer);
    },
  );

  app.get(
    '/api/products/:productId/news',
    {
      // A search spends one call of the caller's search budget (ADR 0061).
      preHandler: searchBudgetHook(app, hasSearchText),
      schema: {
        operationId: 'listProductNews',
        summary: "A page of the product's news",
        description: `The paging and filters of \`GET /api/news\` (both forms, §7); empty filters count as absent. The \`X-Total-Count\` response header holds the number of matching items (a search counts the newest 1000 matches). ${access}`,
        tags,
        params: productParamsSchema,
        querystring: newsListQuerySchema,
        response: {
          200: newsPageResponse,
          ...bearerErrors(400, 403, 404, 429),
        },
      },
    },
    async (request, reply) => {
      const product = await requireProductAccess(app.db, request, request.params.productId);
      const page = await getProductNewsPage(app.db, product.id, request.query);
      return withTotalCountHeader(reply, page.total).send(page.items);
    },
  );

  app.get(
    '/api/products/:productId/news/:id',
    {
      schema: {
        operationId: 'getProductNewsItem',
        summary: 'One news item of the product',
        description: `A news item not linked to the product is a 404. ${access}`,
        tags,
        params: productNewsItemParamsSchema,
        response: {
          200: newsItemSchema.describe('The news item with its sanitised HTML body.'),
          ...bearerErrors(400, 403, 404),
        },
      },
    },
    async (request) => {
      const product = await requireProductAccess(app.db, request, request.params.productId);
      const { id } = request.params;
      const missing = new NotFoundError(`There is no news item ${id} for ${product.productName}.`);
      if (id.length > MAX_ID_DIGITS) throw missing;
      const item = await findProductNewsItem(app.db, product.id, Number(id));
      if (!item) throw missing;
      return item;
    },
  );

  done();
};
