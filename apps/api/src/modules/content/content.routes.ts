import {
  contentDocumentSchema,
  infoDocumentParamsSchema,
  labelListSchema,
  labelsQuerySchema,
  productListSchema,
} from '@portico/contracts';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { compressPublic } from '../../lib/compress-public.js';
import { chooseLanguage } from '../../lib/i18n/translate.js';
import { BEARER_SCHEME, bearerErrors } from '../../lib/route-schemas.js';
import {
  callerLanguage,
  getInfoDocument,
  getLabels,
  getProducts,
  getTimeZones,
} from './content.service.js';

const tags = ['content'];

/** §7 content calls under the content base (`/api/content`); all need the bearer token. */
export const contentRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  app.get(
    '/api/content/labels/cpplabels',
    {
      // Signed out, Accept-Language decides (issue 16); a token, when sent, is still checked.
      config: { optionalAuth: true },
      onSend: compressPublic,
      schema: {
        operationId: 'getPortalLabels',
        summary: 'The portal labels in a language',
        description:
          "The web catalogue of the language merged with editorial overrides. The language is the `language` parameter (one of en, de, es, fr, nl, no, pt, pl, sv, or the pseudo-locale en-XA), else the caller's profile language, else Accept-Language; an unsupported code answers in English. Content-Language names the language served.",
        tags,
        querystring: labelsQuerySchema,
        security: [{}, { [BEARER_SCHEME]: [] }],
        response: {
          200: labelListSchema.describe('Label keys and their texts (English when none exist).'),
          ...bearerErrors(400),
        },
      },
    },
    async (request, reply) => {
      const language = chooseLanguage(
        {
          explicit: request.query.language,
          profile: request.caller ? await callerLanguage(app.db, request.caller.userId) : null,
          acceptLanguage: request.headers['accept-language'],
        },
        (message) => request.log.warn(message),
      );
      void reply
        .header('content-language', language)
        .header('vary', 'Accept-Language, Accept-Encoding');
      return getLabels(app.db, language);
    },
  );

  app.get(
    '/api/content/labels/cppproducts',
    {
      schema: {
        operationId: 'listProductLabels',
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
        operationId: 'listTimeZones',
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
        operationId: 'getInfoDocument',
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
