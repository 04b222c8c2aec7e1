import { labelsQuerySchema } from '@portico/contracts';
import type { FastifyPluginCallback } from 'fastify';
import { z } from 'zod';
import { getInfoDocument, getLabels, getProducts, getTimeZones } from './content.service.js';

const infoDocumentParams = z.object({
  id: z
    .string()
    .regex(
      /^[A-Za-z0-9][A-Za-z0-9._-]{0,98}$/,
      'id must be a content key (letters, digits, dot, dash, underscore)',
    ),
});

/** §7 content calls under the content base (`/api/content`); all need the bearer token. */
export const contentRoutes: FastifyPluginCallback = (app, _options, done) => {
  app.get('/api/content/labels/cpplabels', async (request) => {
    const { language } = labelsQuerySchema.parse(request.query);
    return getLabels(app.db, language);
  });

  app.get('/api/content/labels/cppproducts', async () => getProducts(app.db));

  app.get('/api/content/labels/timezones', () => Promise.resolve(getTimeZones()));

  app.get('/api/content/infodocument/:id', async (request) => {
    const { id } = infoDocumentParams.parse(request.params);
    return getInfoDocument(app.db, id);
  });
  done();
};
