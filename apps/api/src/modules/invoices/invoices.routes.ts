import { accountScopeQuerySchema, invoiceListQuerySchema } from '@portico/contracts';
import type { FastifyPluginCallback, FastifyReply } from 'fastify';
import type { z } from 'zod';
import { accountCallerOf } from '../../lib/account-scope.js';
import { BadRequestError, NotFoundError } from '../../lib/errors.js';
import {
  getInvoiceAccounts,
  getInvoicePage,
  getInvoicePdf,
  getInvoicesWorkbook,
} from './invoices.service.js';

const ID_PATTERN = /^\d+$/;
const MAX_ID_DIGITS = 15;

/** Validates a query with its contract; any issue is a 400 with the contract's messages. */
export function parseQuery<S extends z.ZodType>(schema: S, query: unknown): z.output<S> {
  const parsed = schema.safeParse(query);
  if (!parsed.success) {
    throw new BadRequestError(parsed.error.issues.map((issue) => issue.message).join('; '));
  }
  return parsed.data;
}

/** A file download: private, never cached, saved under `fileName`. */
export function sendFile(
  reply: FastifyReply,
  contentType: string,
  fileName: string,
  body: Buffer | string,
): FastifyReply {
  return reply
    .header('content-type', contentType)
    .header('content-disposition', `attachment; filename="${fileName.replace(/[^\w.-]/g, '_')}"`)
    .header('cache-control', 'private, no-store')
    .send(body);
}

/**
 * Invoices (issue 14; ADR 0023 who may see them, ADR 0024 the shapes):
 * `GET /api/invoices` (X-Total-Count), `GET /api/invoices/accounts`,
 * `GET /api/invoices/export.xlsx` and `GET /api/invoices/:id/pdf`. Every call is scoped to the
 * caller's account on the server; vendor employees may name another with `accountId`.
 */
export const invoicesRoutes: FastifyPluginCallback = (app, _options, done) => {
  app.get('/api/invoices', async (request, reply) => {
    const criteria = parseQuery(invoiceListQuerySchema, request.query);
    const page = await getInvoicePage(app.db, await accountCallerOf(app.db, request), criteria);
    return reply
      .header('x-total-count', String(page.total))
      .header('access-control-expose-headers', 'X-Total-Count')
      .header('cache-control', 'private, no-store')
      .send(page.items);
  });

  app.get('/api/invoices/accounts', async (request, reply) => {
    parseQuery(accountScopeQuerySchema, request.query);
    const accounts = await getInvoiceAccounts(app.db, await accountCallerOf(app.db, request));
    return reply.header('cache-control', 'private, no-store').send(accounts);
  });

  app.get('/api/invoices/export.xlsx', async (request, reply) => {
    const criteria = parseQuery(invoiceListQuerySchema, request.query);
    const file = await getInvoicesWorkbook(
      app.db,
      await accountCallerOf(app.db, request),
      criteria,
    );
    return sendFile(
      reply,
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      file.fileName,
      file.body,
    );
  });

  app.get<{ Params: { id: string } }>('/api/invoices/:id/pdf', async (request, reply) => {
    const { id } = request.params;
    if (!ID_PATTERN.test(id)) throw new BadRequestError('The invoice id must be a whole number.');
    if (id.length > MAX_ID_DIGITS) throw new NotFoundError(`There is no invoice with id ${id}.`);
    const file = await getInvoicePdf(app.db, await accountCallerOf(app.db, request), id);
    return sendFile(reply, 'application/pdf', file.fileName, file.body);
  });

  done();
};
