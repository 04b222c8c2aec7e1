import {
  productDocumentFileSchema,
  productDocumentPageSchema,
  productDocumentParamsSchema,
  productDocumentSchema,
  productDocumentsParamsSchema,
  productDocumentsQuerySchema,
} from '@portico/contracts';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { privateNoStore, withTotalCountHeader } from '../../lib/reply.js';
import { bearerErrors, fileResponse, withTotalCount } from '../../lib/route-schemas.js';
import {
  getDocument,
  getDocumentFile,
  getDocumentsPage,
  productFor,
} from './product-documents.service.js';

const tags = ['products'];
const access =
  'The product is named by its id or its contentId. An unknown product is a 404; a product the caller is not connected to is a 403 (vendor employees reach every product).';

/**
 * Product documentation (issue 13, §9; facet model ADR 0034):
 * `GET /api/products/:productId/documents` (faceted search, X-Total-Count),
 * `GET /api/products/:productId/documents/:documentId` and its `/download`.
 */
export const productDocumentsRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  app.get(
    '/api/products/:productId/documents',
    {
      schema: {
        operationId: 'searchProductDocuments',
        summary: "Search a product's documentation",
        description: `Full-text \`query\`, \`sort\` (date or relevance; relevance without a query is date), \`page\` (20 a page, §9) and the nine §9 facets as parameters named country, engine, language, module, process, product, release, documentType and type, each repeatable (values of one facet: any of them; several facets: all of them). Each facet's counts apply the other facets' selections. A search considers its newest 2000 matches. ${access}`,
        tags,
        params: productDocumentsParamsSchema,
        querystring: productDocumentsQuerySchema,
        response: {
          200: withTotalCount(
            productDocumentPageSchema,
            'The page, its total and the facet counts.',
            'How many documents match (a search counts within its window).',
          ),
          ...bearerErrors(400, 403, 404),
        },
      },
    },
    async (request, reply) => {
      const product = await productFor(app.db, request, request.params.productId);
      const page = await getDocumentsPage(
        app.db,
        product,
        request.query,
        app.readCaches.documentFacets,
      );
      return privateNoStore(withTotalCountHeader(reply, page.total)).send(page);
    },
  );

  app.get(
    '/api/products/:productId/documents/:documentId',
    {
      schema: {
        operationId: 'getProductDocument',
        summary: 'One document of a product',
        description: `The document with its sanitised HTML. A document of another product is a 404. ${access}`,
        tags,
        params: productDocumentParamsSchema,
        response: {
          200: productDocumentSchema.describe('The document.'),
          ...bearerErrors(400, 403, 404),
        },
      },
    },
    async (request, reply) => {
      const product = await productFor(app.db, request, request.params.productId);
      const document = await getDocument(app.db, product, request.params.documentId);
      return privateNoStore(reply).send(document);
    },
  );

  app.get(
    '/api/products/:productId/documents/:documentId/download',
    {
      schema: {
        operationId: 'downloadProductDocument',
        summary: 'One document as a file',
        description: `A standalone HTML page of the document (sanitised body), sent as an attachment (<title>-<id>.html). ${access}`,
        tags,
        params: productDocumentParamsSchema,
        response: {
          200: fileResponse(
            'text/html',
            productDocumentFileSchema,
            'The document as an HTML file.',
          ),
          ...bearerErrors(400, 403, 404),
        },
      },
    },
    async (request, reply) => {
      const product = await productFor(app.db, request, request.params.productId);
      const file = await getDocumentFile(app.db, product, request.params.documentId);
      return reply
        .header('content-type', 'text/html; charset=utf-8')
        .header('content-disposition', `attachment; filename="${file.fileName}"`)
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, no-store')
        .send(file.body);
    },
  );

  done();
};
