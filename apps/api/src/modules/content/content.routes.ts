import {
  contentDocumentSchema,
  infoDocumentParamsSchema,
  labelListSchema,
  labelsQuerySchema,
  productListSchema,
} from '@portico/contracts';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { bearerErrors } from '../../lib/route-schemas.js';
import { getInfoDocument, getLabels, getProducts, getTimeZones } from './content.service.js';

const tags = ['content'];

/** §7 content calls under the content base (`/api/content`); all need the bearer token. */
export const contentRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  app.get(
    '/api/content/labels/cpplabels',
    {
      schema: {
        summary: 'The portal labels in a language',
        tags,
        querystring: labelsQuerySchema,
        response: {
          200: labelListSchema.describe('Label keys and their texts (English when none exist).'),
          ...bearerErrors(400),
        },
      },
    },
    async (request) => getLabels(app.db, request.query.language),
  );

  app.get(
    '/api/content/labels/cppproducts',
    {
      schema: {
        summary: 'The products',
        tags,
        response: { 200: productListSchema.describe('Every product.'), ...bearerErrors() },
      },
    },
    async () => getProducts(app.db),
  );

  app.get(
    '/api/content/labels/timezones',
    {
      schema: {
        summary: 'The time zones',
        tags,
        response: {
          200: labelListSchema.describe('Time zones as key (IANA name) and display text.'),
          ...bearerErrors(),
        },
      },
    },
    () => Promise.resolve(getTimeZones()),
  );

  app.get(
    '/api/content/infodocument/:id',
    {
      schema: {
        summary: 'A content document',
        tags,
        params: infoDocumentParamsSchema,
        response: {
          200: contentDocumentSchema.describe('Its title and sanitised HTML content.'),
          ...bearerErrors(400, 404),
        },
      },
    },
    async (request) => getInfoDocument(app.db, request.params.id),
  );
  done();
};
