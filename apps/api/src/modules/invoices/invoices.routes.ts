import {
  accountScopeQuerySchema,
  invoiceAccountListSchema,
  invoiceIdParamsSchema,
  invoiceListQuerySchema,
  invoiceListSchema,
  invoicePdfSchema,
  invoicesCsvSchema,
  invoicesXlsxSchema,
} from '@portico/contracts';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { accountCallerOf } from '../../lib/account-scope.js';
import { NotFoundError } from '../../lib/errors.js';
import { bearerErrors, fileResponse, withTotalCount, readSchema } from '../../lib/route-schemas.js';
import {
  getInvoiceAccounts,
  getInvoicePage,
  getInvoicePdf,
  getInvoicesCsv,
  getInvoicesWorkbook,
} from './invoices.service.js';
import { privateNoStore, sendFile, withTotalCountHeader } from '../../lib/reply.js';

/** Ids are bigint identities; more digits than that cannot name a row. */
const MAX_ID_DIGITS = 15;
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const tags = ['invoices'];
const access =
  "Needs the INVOICES permission (vendor employees need none); works on the caller's own account, and a vendor employee may name another with `accountId` (anyone else gets a 404 for it).";

/**
 * Invoices (issue 14; ADR 0023 who may see them, ADR 0024 the shapes):
 * `GET /api/invoices` (X-Total-Count), `GET /api/invoices/accounts`,
 * `GET /api/invoices/export.xlsx` and `GET /api/invoices/:id/pdf`. Every call is scoped to the
 * caller's account on the server; vendor employees may name another with `accountId`.
 */
export const invoicesRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  app.get(
    '/api/invoices',
    {
      schema: readSchema({
        operationId: 'listInvoices',
        summary: "A page of the account's invoices",
        description: `Sorted (§9, default newest upload first), optionally filtered by status and invoice date. The \`X-Total-Count\` response header holds the number of matching invoices. ${access}`,
        tags,
        querystring: invoiceListQuerySchema,
        response: withTotalCount(
          invoiceListSchema,
          'The invoices of the page.',
          'How many invoices match the filter.',
        ),
        errors: [400, 403, 404],
      }),
    },
    async (request, reply) => {
      const page = await getInvoicePage(
        app.db,
        await accountCallerOf(app.db, request),
        request.query,
      );
      return privateNoStore(withTotalCountHeader(reply, page.total)).send(page.items);
    },
  );

  app.get(
    '/api/invoices/accounts',
    {
      schema: readSchema({
        operationId: 'listInvoiceAccounts',
        summary: 'The accounts whose invoices the caller may see',
        description:
          "Needs the INVOICES permission (vendor employees need none). The caller's own account first; a vendor employee gets every account.",
        tags,
        querystring: accountScopeQuerySchema,
        response: invoiceAccountListSchema.describe("The accounts, the caller's own first."),
        errors: [400, 403],
      }),
    },
    async (request, reply) => {
      const accounts = await getInvoiceAccounts(app.db, await accountCallerOf(app.db, request));
      return privateNoStore(reply).send(accounts);
    },
  );

  /**
   * The account's invoices as a file (`GET /api/invoices`'s filter and order, no paging),
   * written by `write` and sent as an attachment of `contentType`.
   */
  const invoicesExport = (
    path: string,
    route: {
      operationId: string;
      summary: string;
      description: string;
      file: ReturnType<typeof fileResponse>;
      contentType: string;
      write: (
        ...args: Parameters<typeof getInvoicesCsv>
      ) => Promise<{ fileName: string; body: Buffer | string }>;
    },
  ) => {
    const { file, contentType, write, ...doc } = route;
    app.get(
      path,
      {
        schema: {
          ...doc,
          tags,
          querystring: invoiceListQuerySchema,
          response: { 200: file, ...bearerErrors(400, 403, 404) },
        },
      },
      async (request, reply) => {
        const written = await write(app.db, await accountCallerOf(app.db, request), request.query);
        return sendFile(reply, contentType, written.fileName, written.body);
      },
    );
  };

  invoicesExport('/api/invoices/export.xlsx', {
    operationId: 'exportInvoicesXlsx',
    summary: "The account's invoices as an Excel workbook",
    description: `The same filter and order as \`GET /api/invoices\`, without paging (up to the export limit). ${access} Sent as an attachment (invoices-<account>-<date>.xlsx).`,
    file: fileResponse(XLSX, invoicesXlsxSchema, 'The invoices as an XLSX file.'),
    contentType: XLSX,
    write: getInvoicesWorkbook,
  });

  invoicesExport('/api/invoices/export.csv', {
    operationId: 'exportInvoicesCsv',
    summary: "The account's invoices as CSV",
    description: `The same filter and order as \`GET /api/invoices\`, without paging (up to the export limit), in the caller's language: semicolons and a byte-order mark where it writes a decimal comma. ${access} Sent as an attachment (invoices-<account>-<date>.csv).`,
    file: fileResponse('text/csv', invoicesCsvSchema, 'The invoices as a CSV file.'),
    contentType: 'text/csv; charset=utf-8',
    write: getInvoicesCsv,
  });

  app.get(
    '/api/invoices/:id/pdf',
    {
      schema: {
        operationId: 'downloadInvoicePdf',
        summary: 'One invoice as a PDF',
        description:
          'Needs the INVOICES permission. An invoice of another account is a 404, like one that does not exist; vendor employees may open any. Sent as an attachment (<number>.pdf).',
        tags,
        params: invoiceIdParamsSchema,
        response: {
          200: fileResponse('application/pdf', invoicePdfSchema, 'The invoice as a PDF file.'),
          ...bearerErrors(400, 403, 404),
        },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      if (id.length > MAX_ID_DIGITS) throw new NotFoundError(`There is no invoice with id ${id}.`);
      const file = await getInvoicePdf(app.db, await accountCallerOf(app.db, request), id);
      return sendFile(reply, 'application/pdf', file.fileName, file.body);
    },
  );

  done();
};
