import {
  cloudQuerySchema,
  cloudReadSchemas,
  cloudReportCsvSchema,
  cloudReportXlsxSchema,
  maintenanceIcsSchema,
  maintenanceWindowParamsSchema,
  type CloudQuery,
  type CloudRead,
} from '@portico/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import type { Queryable } from '../../db/db.js';
import { accountCallerOf, scopedAccountId } from '../../lib/account-scope.js';
import { chooseLanguage, textsFor } from '../../lib/i18n/translate.js';
import { bearerErrors, fileResponse, readSchema } from '../../lib/route-schemas.js';
import { privateNoStore, sendFile } from '../../lib/reply.js';
import {
  availabilityTable,
  maintenanceIcs,
  responseTimeTable,
  tableCsv,
  tableXlsx,
} from './cloud-exports.js';
import {
  getAvailabilityReport,
  getInstances,
  getMaintenance,
  getMaintenanceWindow,
  getNotifications,
  getReleaseSchedules,
  getResponseTimeReport,
} from './cloud.service.js';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The answers of a maintenance calendar download: the iCalendar file, or an error. */
const calendarResponse = (description: string) => ({
  200: fileResponse('text/calendar', maintenanceIcsSchema, description),
  ...bearerErrors(400, 404),
});

/** Maintenance windows sent as an iCalendar attachment named `fileName`. */
const sendCalendar = (
  reply: FastifyReply,
  fileName: string,
  windows: Parameters<typeof maintenanceIcs>[0],
) =>
  sendFile(
    reply,
    'text/calendar; charset=utf-8',
    fileName,
    maintenanceIcs(windows, 'Cloud maintenance'),
  );
const tags = ['cloud'];
const scopeNote =
  "Works on the caller's own account; a vendor employee may name another with `accountId` (anyone else gets a 404 for it).";

/**
 * Cloud services (issue 14, §1/§2; shapes in ADR 0024). Every call works on the caller's own
 * account; a vendor employee may name another with `accountId`, anyone else gets a 404 for it.
 */
export const cloudRoutes: FastifyPluginCallbackZod = (app, _options, done) => {
  /** The account a call works on (the query is already validated by the route schema). */
  const accountOf = async (request: FastifyRequest, query: CloudQuery): Promise<string> =>
    scopedAccountId(app.db, await accountCallerOf(app.db, request), query.accountId);
  /** A read of the account's data: the same query, errors and private caching for each. */
  const accountRead = (
    path: CloudRead,
    route: {
      operationId: string;
      summary: string;
      /** Said after the scope note. */
      note?: string;
      /** What the answer holds (its schema is the contract's, cloudReadSchemas). */
      answer: string;
      read: (db: Queryable, accountId: string, query: CloudQuery) => Promise<unknown>;
    },
  ) => {
    const { read, note, answer, ...doc } = route;
    const description = note ? `${scopeNote} ${note}` : scopeNote;
    const querystring = cloudQuerySchema;
    const response = cloudReadSchemas[path].describe(answer);
    app.get(
      `/api/cloud/${path}`,
      {
        schema: readSchema({
          ...doc,
          description,
          tags,
          querystring,
          response,
          errors: [400, 404],
        }),
      },
      async (request, reply) => {
        const account = await accountOf(request, request.query);
        return privateNoStore(reply).send(await read(app.db, account, request.query));
      },
    );
  };

  accountRead('instances', {
    operationId: 'listCloudInstances',
    summary: "The account's cloud instances with their environments",
    answer: 'The instances, each with its environments.',
    read: getInstances,
  });

  accountRead('maintenance', {
    operationId: 'listMaintenanceWindows',
    summary: "Maintenance windows of the account's instances, soonest first",
    answer: 'Every window, past and upcoming.',
    read: getMaintenance,
  });

  app.get(
    '/api/cloud/maintenance.ics',
    {
      schema: {
        operationId: 'downloadMaintenanceCalendar',
        summary: 'Every maintenance window as an iCalendar file',
        description: `${scopeNote} Sent as an attachment (maintenance-<account>.ics).`,
        tags,
        querystring: cloudQuerySchema,
        response: calendarResponse('The maintenance windows as an iCalendar file.'),
      },
    },
    async (request, reply) => {
      const account = await accountOf(request, request.query);
      const windows = await getMaintenance(app.db, account);
      return sendCalendar(reply, `maintenance-${account}.ics`, windows);
    },
  );

  app.get(
    '/api/cloud/maintenance/:id/ics',
    {
      schema: {
        operationId: 'downloadMaintenanceWindowCalendar',
        summary: 'One maintenance window as an iCalendar file',
        description: `${scopeNote} A window of another account is a 404. Sent as an attachment (<id>.ics).`,
        tags,
        params: maintenanceWindowParamsSchema,
        querystring: cloudQuerySchema,
        response: calendarResponse('The maintenance window as an iCalendar file.'),
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const account = await accountOf(request, request.query);
      const window = await getMaintenanceWindow(app.db, account, id);
      return sendCalendar(reply, `${id}.ics`, [window]);
    },
  );

  accountRead('release-schedules', {
    operationId: 'listReleaseSchedules',
    summary: 'Release schedules of the products the account runs',
    note: 'Per product, which release reaches which environment kind when (only the kinds the account has).',
    answer: 'One schedule per product.',
    read: getReleaseSchedules,
  });

  accountRead('notifications', {
    operationId: 'listCloudNotifications',
    summary: "Incidents and maintenance announcements of the account's instances",
    note: 'Newest first.',
    answer: 'The notifications, newest first.',
    read: getNotifications,
  });

  /** What a report covers (after the scope note). */
  const period = (what: string): string =>
    `${what} per instance over the last \`months\` full calendar months (default 12, at most 36).`;

  accountRead('reports/availability', {
    operationId: 'getAvailabilityReport',
    summary: 'Monthly availability per instance against its SLA',
    note: period('Availability, downtime and whether the SLA was met'),
    answer: 'The months covered and one series per instance.',
    read: (db, account, query) => getAvailabilityReport(db, account, query.months),
  });

  accountRead('reports/response-times', {
    operationId: 'getResponseTimeReport',
    summary: 'Monthly response times per instance',
    note: period('Median and 95th percentile response times and request counts'),
    answer: 'The months covered and one series per instance.',
    read: (db, account, query) => getResponseTimeReport(db, account, query.months),
  });

  /** The report of `name` as one table: the same header and cells feed the CSV and the XLSX. */
  const tableOf = async (
    name: 'availability' | 'response-times',
    request: FastifyRequest,
    query: CloudQuery,
  ) => {
    const caller = await accountCallerOf(app.db, request);
    const account = await scopedAccountId(app.db, caller, query.accountId);
    // The caller's profile language (issue 27).
    const language = chooseLanguage({ profile: caller.language });
    const reader = { language, t: await textsFor(app.db, language) };
    return name === 'availability'
      ? availabilityTable(await getAvailabilityReport(app.db, account, query.months), reader)
      : responseTimeTable(await getResponseTimeReport(app.db, account, query.months), reader);
  };

  // `report`: the operationIds' stem (downloadAvailabilityReportCsv…).
  for (const [name, title, report] of [
    ['availability', 'The availability report', 'AvailabilityReport'],
    ['response-times', 'The response-time report', 'ResponseTimeReport'],
  ] as const) {
    app.get(
      `/api/cloud/reports/${name}.csv`,
      {
        schema: {
          operationId: `download${report}Csv`,
          summary: `${title} as CSV`,
          description: `${scopeNote} ${period('One row')} Sent as an attachment (${name}.csv).`,
          tags,
          querystring: cloudQuerySchema,
          response: {
            200: fileResponse('text/csv', cloudReportCsvSchema, `${title} as a CSV file.`),
            ...bearerErrors(400, 404),
          },
        },
      },
      async (request, reply) =>
        sendFile(
          reply,
          'text/csv; charset=utf-8',
          `${name}.csv`,
          tableCsv(await tableOf(name, request, request.query)),
        ),
    );

    app.get(
      `/api/cloud/reports/${name}.xlsx`,
      {
        schema: {
          operationId: `download${report}Xlsx`,
          summary: `${title} as an Excel workbook`,
          description: `${scopeNote} ${period('One row')} Sent as an attachment (${name}.xlsx).`,
          tags,
          querystring: cloudQuerySchema,
          response: {
            200: fileResponse(XLSX, cloudReportXlsxSchema, `${title} as an XLSX file.`),
            ...bearerErrors(400, 404),
          },
        },
      },
      async (request, reply) =>
        sendFile(
          reply,
          XLSX,
          `${name}.xlsx`,
          await tableXlsx(await tableOf(name, request, request.query)),
        ),
    );
  }
  done();
};
