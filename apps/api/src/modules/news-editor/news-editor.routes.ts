import multipart from '@fastify/multipart';
import {
  NEWS_IMAGE_MAX_BYTES,
  newsEditorialItemSchema,
  newsEditorialListQuerySchema,
  newsEditorialListSchema,
  newsEditorProductsSchema,
  newsEditorInputSchema,
  newsEditorMessages,
  newsIdParamsSchema,
  newsImageUploadSchema,
  productNewsItemParamsSchema,
  productParamsSchema,
  type NewsEditorialItem,
} from '@portico/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { callerIdOf } from '../../lib/caller.js';
import { privateNoStore, withTotalCountHeader } from '../../lib/reply.js';
import { BadRequestError, DomainError, NotFoundError } from '../../lib/errors.js';
import {
  bearerErrors,
  bodyValidatedByService,
  noContent,
  problemResponse,
  withHeaders,
  withTotalCount,
} from '../../lib/route-schemas.js';
import {
  createItem,
  deleteItem,
  getItem,
  listItems,
  productChoices,
  requireEditor,
  updateItem,
  type Scope,
} from './news-editor.service.js';
import { getNewsImage, uploadImage } from './news-images.service.js';
import type { NewsEditorDeps } from './news-publishing.service.js';
import { etagOf } from '../../lib/versioned.js';

/** 413: an upload larger than the limit. */
class PayloadTooLargeError extends DomainError {
  readonly statusCode = 413;
}

const tags = ['news'];
const YEAR = 365 * 24 * 60 * 60;

const etagHeader = {
  ETag: {
    description: 'The version of the item; send it as If-Match to change or delete it.',
    schema: { type: 'string' as const },
  },
};
const ifMatchHeaders = z.object({
  'if-match': z
    .string()
    .optional()
    .describe('The ETag of the version read; when sent and no longer current, 412.'),
});

const editorBody = newsEditorInputSchema.describe(
  'The news item (§3 fields), its product targets and what to do: keep a draft, publish (now, or scheduled when the publication date is in the future) or unpublish. The HTML body is sanitised with the one allow-list. An invalid form is a 400 with a message per field in fieldErrors.',
);
const itemResponse = (description: string) =>
  withHeaders(newsEditorialItemSchema, description, etagHeader);
const writeErrors = bearerErrors(400, 403, 404, 412);

/** 204: no body, so nothing for the (null) response schema to serialise. */
const sendNoContent = (reply: FastifyReply) => reply.code(204).send();

const imageFile = /^([0-9a-f]{32})-(large|medium|small)\.webp$/;

/**
 * News publishing (issue 12, ADR 0032): vendor employees write, schedule, publish and
 * unpublish news and product news, and upload header images. Everyone else gets 403 from
 * every route here. `GET /api/news` and `GET /api/news/{id}` (the reader's side) stay in
 * the news module; `GET /api/products/{productId}/news` belongs to My Solutions.
 */
export const newsEditorRoutes: FastifyPluginAsyncZod = async (app) => {
  // Here only (this plugin is encapsulated): multipart bodies for the image upload.
  await app.register(multipart, {
    limits: { fileSize: NEWS_IMAGE_MAX_BYTES, files: 1, fields: 5, parts: 6 },
  });

  const deps = (): NewsEditorDeps => ({ db: app.db, jobs: app.jobs });

  const sendItem = (reply: FastifyReply, item: NewsEditorialItem, status = 200) =>
    privateNoStore(reply).code(status).header('etag', etagOf(item.version)).send(item);

  // One handler per action for both paths (/api/news and under a product): the product path
  // only adds its scope.
  const create = async (request: FastifyRequest, reply: FastifyReply, scope: Scope) => {
    const item = await createItem(deps(), callerIdOf(request), request.body, scope);
    return sendItem(reply, item, 201).header('location', `/api/news/editor/${item.id}`);
  };
  type ItemRequest = FastifyRequest<{
    Params: { id: string };
    Headers: { 'if-match'?: string | undefined };
  }>;
  const update = async (request: ItemRequest, reply: FastifyReply, scope: Scope) => {
    const { id } = request.params;
    const ifMatch = request.headers['if-match'];
    return sendItem(
      reply,
      await updateItem(deps(), callerIdOf(request), id, ifMatch, request.body, scope),
    );
  };
  const remove = async (request: ItemRequest, reply: FastifyReply, scope: Scope) => {
    const { id } = request.params;
    await deleteItem(deps(), callerIdOf(request), id, request.headers['if-match'], scope);
    return sendNoContent(reply);
  };

  app.get(
    '/api/news/editor',
    {
      schema: {
        operationId: 'listEditorNews',
        summary: 'The news editor’s items',
        description:
          'Drafts, scheduled, published and unpublished items written in the editor, last changed first, 50 a page. The `X-Total-Count` header holds how many there are. Vendor employees only.',
        tags,
        querystring: newsEditorialListQuerySchema,
        response: {
          200: withTotalCount(
            newsEditorialListSchema,
            'The items of the page.',
            'How many items match.',
          ),
          ...bearerErrors(400, 403),
        },
      },
    },
    async (request, reply) => {
      const page = await listItems(app.db, callerIdOf(request), request.query);
      return privateNoStore(withTotalCountHeader(reply, page.total)).send(page.items);
    },
  );

  app.get(
    '/api/news/editor/products',
    {
      schema: {
        operationId: 'listNewsTargetProducts',
        summary: 'The products a news item can be targeted at',
        tags,
        response: {
          200: newsEditorProductsSchema.describe('Every product, by name.'),
          ...bearerErrors(403),
        },
      },
    },
    async (request, reply) =>
      privateNoStore(reply).send(await productChoices(app.db, callerIdOf(request))),
  );

  app.get(
    '/api/news/editor/:id',
    {
      schema: {
        operationId: 'getEditorNewsItem',
        summary: 'One news item to edit',
        description:
          'Its editorial state and fields, with its ETag. A live item never edited here answers as published. Vendor employees only.',
        tags,
        params: newsIdParamsSchema,
        response: { 200: itemResponse('The item.'), ...bearerErrors(400, 403, 404) },
      },
    },
    async (request, reply) =>
      sendItem(reply, await getItem(app.db, callerIdOf(request), request.params.id)),
  );

  app.post(
    '/api/news',
    {
      validatorCompiler: bodyValidatedByService,
      schema: {
        operationId: 'createNewsItem',
        summary: 'Write a news item',
        description:
          'A new item as a draft, published now, or scheduled for its publication date. Publishing makes it visible in /news and announces it to subscribers once. Vendor employees only.',
        tags,
        body: editorBody,
        response: {
          201: itemResponse('The new item.'),
          ...bearerErrors(400, 403),
        },
      },
    },
    (request, reply) => create(request, reply, {}),
  );

  app.put(
    '/api/news/:id',
    {
      validatorCompiler: bodyValidatedByService,
      schema: {
        operationId: 'updateNewsItem',
        summary: 'Change, publish, schedule or unpublish a news item',
        description:
          'Replaces the item’s fields and sets its state. Unpublishing takes it out of /news. If-Match is checked when sent. Vendor employees only.',
        tags,
        params: newsIdParamsSchema,
        headers: ifMatchHeaders,
        body: editorBody,
        response: { 200: itemResponse('The item as stored.'), ...writeErrors },
      },
    },
    (request, reply) => update(request, reply, {}),
  );

  app.delete(
    '/api/news/:id',
    {
      schema: {
        operationId: 'deleteNewsItem',
        summary: 'Delete a news item',
        description:
          'Takes it out of /news and out of the editor. If-Match is checked when sent. Vendor employees only.',
        tags,
        params: newsIdParamsSchema,
        headers: ifMatchHeaders,
        response: { 204: noContent('Deleted.'), ...bearerErrors(400, 403, 404, 412) },
      },
    },
    (request, reply) => remove(request, reply, {}),
  );

  app.post(
    '/api/products/:productId/news',
    {
      validatorCompiler: bodyValidatedByService,
      schema: {
        operationId: 'createProductNewsItem',
        summary: 'Write a product news item',
        description:
          'As POST /api/news, targeted at this product (and any others in productIds). Vendor employees only.',
        tags,
        params: productParamsSchema,
        body: editorBody,
        response: { 201: itemResponse('The new item.'), ...bearerErrors(400, 403, 404) },
      },
    },
    (request, reply) => create(request, reply, { productId: request.params.productId }),
  );

  app.put(
    '/api/products/:productId/news/:id',
    {
      validatorCompiler: bodyValidatedByService,
      schema: {
        operationId: 'updateProductNewsItem',
        summary: 'Change, publish, schedule or unpublish a product news item',
        description:
          'As PUT /api/news/{id}, for an item of this product (404 otherwise); it stays targeted at the product. Vendor employees only.',
        tags,
        params: productNewsItemParamsSchema,
        headers: ifMatchHeaders,
        body: editorBody,
        response: { 200: itemResponse('The item as stored.'), ...writeErrors },
      },
    },
    (request, reply) => update(request, reply, { productId: request.params.productId }),
  );

  app.delete(
    '/api/products/:productId/news/:id',
    {
      schema: {
        operationId: 'deleteProductNewsItem',
        summary: 'Delete a product news item',
        description: 'As DELETE /api/news/{id}, for an item of this product (404 otherwise).',
        tags,
        params: productNewsItemParamsSchema,
        headers: ifMatchHeaders,
        response: { 204: noContent('Deleted.'), ...bearerErrors(400, 403, 404, 412) },
      },
    },
    (request, reply) => remove(request, reply, { productId: request.params.productId }),
  );

  app.post(
    '/api/news/images',
    {
      validatorCompiler: bodyValidatedByService,
      schema: {
        operationId: 'uploadNewsImage',
        summary: 'Upload a header image',
        description: `A JPEG, PNG, WebP or GIF of at most ${NEWS_IMAGE_MAX_BYTES / 1024 / 1024} MB as multipart/form-data (field \`file\`), resized on the server into the large (1200×500), medium (600×250) and small (300×125) variants. A file that is not such an image is a 400, a larger one a 413. Vendor employees only.`,
        tags,
        consumes: ['multipart/form-data'],
        body: z.object({ file: z.string().meta({ format: 'binary' }) }),
        response: {
          201: newsImageUploadSchema.describe('The addresses of the three variants.'),
          ...bearerErrors(400, 403),
          413: problemResponse(`The file is larger than ${NEWS_IMAGE_MAX_BYTES / 1024 / 1024} MB.`),
        },
      },
    },
    async (request, reply) => {
      const callerId = callerIdOf(request);
      // Before reading a byte of the file: a non-employee learns nothing and costs nothing.
      await requireEditor(app.db, callerId);
      if (!request.isMultipart()) throw new BadRequestError(newsEditorMessages.noFile);
      const file = await request.file();
      if (!file) throw new BadRequestError(newsEditorMessages.noFile);
      let data: Buffer;
      try {
        data = await file.toBuffer();
      } catch (error) {
        if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
          throw new PayloadTooLargeError(newsEditorMessages.imageTooLarge);
        }
        throw error;
      }
      const uploaded = await uploadImage(app.db, callerId, data);
      return privateNoStore(reply).code(201).send(uploaded);
    },
  );

  // The images themselves: outside /api (an <img> sends no bearer), by unguessable key. A key
  // names one picture for ever, so a year and immutable.
  app.get('/media/news-images/:file', async (request, reply) => {
    const { file } = z.object({ file: z.string() }).parse(request.params);
    const match = imageFile.exec(file);
    const [, key = '', size = 'large'] = match ?? [];
    const data = match
      ? await getNewsImage(app.db, key, size as 'large' | 'medium' | 'small')
      : undefined;
    if (!data) throw new NotFoundError('There is no such news image.');
    const etag = `"${key}-${size}"`;
    reply
      .header('cache-control', `public, max-age=${YEAR}, immutable`)
      .header('etag', etag)
      .header('content-security-policy', "default-src 'none'; sandbox");
    if (request.headers['if-none-match'] === etag) return reply.code(304).send();
    return reply.type('image/webp').send(data);
  });
};
