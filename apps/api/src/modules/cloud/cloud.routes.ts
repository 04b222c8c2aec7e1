import { cloudQuerySchema, type CloudQuery } from '@portico/contracts';
import type { FastifyPluginCallback, FastifyRequest } from 'fastify';
import { accountCallerOf, scopedAccountId } from '../../lib/account-scope.js';
import { BadRequestError } from '../../lib/errors.js';
import { parseQuery, sendFile } from '../invoices/invoices.routes.js';
import {
  availabilityTable,
  maintenanceIcs,
  responseTimeTable,
  tableCsv,
  tableXlsx,
  type ReportTable,
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

const WINDOW_ID_PATTERN = /^[A-Za-z0-9_-]{1,100}$/;
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * Cloud services (issue 14, §1/§2; shapes in ADR 0024). Every call works on the caller's own
 * account; a vendor employee may name another with `accountId`, anyone else gets a 404 for it.
 */
export const cloudRoutes: FastifyPluginCallback = (app, _options, done) => {
  const scope = async (request: FastifyRequest): Promise<CloudQuery & { account: string }> => {
    const query = parseQuery(cloudQuerySchema, request.query);
    const caller = await accountCallerOf(app.db, request);
    return { ...query, account: await scopedAccountId(app.db, caller, query.accountId) };
  };
  const privately = { 'cache-control': 'private, no-store' };

  app.get('/api/cloud/instances', async (request, reply) =>
    reply.headers(privately).send(await getInstances(app.db, (await scope(request)).account)),
  );
  app.get('/api/cloud/maintenance', async (request, reply) =>
    reply.headers(privately).send(await getMaintenance(app.db, (await scope(request)).account)),
  );
  app.get('/api/cloud/maintenance.ics', async (request, reply) => {
    const { account } = await scope(request);
    const ics = maintenanceIcs(await getMaintenance(app.db, account), 'Cloud maintenance');
    return sendFile(reply, 'text/calendar; charset=utf-8', `maintenance-${account}.ics`, ics);
  });
  app.get<{ Params: { id: string } }>('/api/cloud/maintenance/:id/ics', async (request, reply) => {
    const { id } = request.params;
    if (!WINDOW_ID_PATTERN.test(id))
      throw new BadRequestError('That is not a maintenance window id.');
    const { account } = await scope(request);
    const window = await getMaintenanceWindow(app.db, account, id);
    const ics = maintenanceIcs([window], 'Cloud maintenance');
    return sendFile(reply, 'text/calendar; charset=utf-8', `${id}.ics`, ics);
  });
  app.get('/api/cloud/release-schedules', async (request, reply) =>
    reply
      .headers(privately)
      .send(await getReleaseSchedules(app.db, (await scope(request)).account)),
  );
  app.get('/api/cloud/notifications', async (request, reply) =>
    reply.headers(privately).send(await getNotifications(app.db, (await scope(request)).account)),
  );

  const reports = {
    availability: async (request: FastifyRequest) => {
      const { account, months } = await scope(request);
      return getAvailabilityReport(app.db, account, months);
    },
    'response-times': async (request: FastifyRequest) => {
      const { account, months } = await scope(request);
      return getResponseTimeReport(app.db, account, months);
    },
  };
  const tables: Record<keyof typeof reports, (request: FastifyRequest) => Promise<ReportTable>> = {
    availability: async (request) => availabilityTable(await reports.availability(request)),
    'response-times': async (request) =>
      responseTimeTable(await reports['response-times'](request)),
  };
  for (const name of ['availability', 'response-times'] as const) {
    app.get(`/api/cloud/reports/${name}`, async (request, reply) =>
      reply.headers(privately).send(await reports[name](request)),
    );
    app.get(`/api/cloud/reports/${name}.csv`, async (request, reply) =>
      sendFile(
        reply,
        'text/csv; charset=utf-8',
        `${name}.csv`,
        tableCsv(await tables[name](request)),
      ),
    );
    app.get(`/api/cloud/reports/${name}.xlsx`, async (request, reply) =>
      sendFile(reply, XLSX, `${name}.xlsx`, await tableXlsx(await tables[name](request))),
    );
  }
  done();
};
