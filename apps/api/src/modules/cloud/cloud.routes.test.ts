import { cloudReadSchemas, type CloudRead, type CloudReadAnswer } from '@portico/contracts';
import { describe, expect, it } from 'vitest';
import { englishAvailabilityRows, sheetRows } from '../../../test/spreadsheet-rows.js';
import { appPerSuite } from '../../../test/suite-app.js';
import { routeDatabaseKinds } from '../../../test/test-db.js';
import { ANNA, PAUL, ERIK, NINA } from '../../../test/demo-emails.js';
import { expectProblems } from '../../../test/expect-problems.js';

/** "20261114T200000Z" → epoch ms: how a calendar reads a UTC DTSTART. */
function icsUtc(value: string): number {
  const m = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(value);
  if (!m) throw new Error(`not a UTC date-time: ${value}`);
  const [, y, mo, d, h, mi, s] = m.map(Number) as [
    number,
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  return Date.UTC(y, mo - 1, d, h, mi, s);
}

/** The VEVENTs of an iCalendar text, each as its property map (folded lines joined). */
function icsEvents(text: string): Record<string, string>[] {
  const lines = text.replace(/\r\n[ \t]/g, '').split('\r\n');
  const events: Record<string, string>[] = [];
  let current: Record<string, string> | null = null;
  for (const line of lines) {
    if (line === 'BEGIN:VEVENT') current = {};
    else if (line === 'END:VEVENT' && current) {
      events.push(current);
      current = null;
    } else if (current) {
      const colon = line.indexOf(':');
      const name = line.slice(0, colon).split(';')[0] ?? '';
      // RFC 5545 §3.3.11 text escapes.
      current[name] = line
        .slice(colon + 1)
        .replace(/\\([\\;,nN])/g, (_, c: string) => (c === 'n' || c === 'N' ? '\n' : c));
    }
  }
  return events;
}

describe.each(routeDatabaseKinds())('cloud API over %s', (kind) => {
  const t = appPerSuite(kind);
  const { get } = t;
  const json = async (email: string, url: string): Promise<unknown> => {
    const res = await get(email, url);
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };
  /** A cloud read as the contract describes its answer (`query` like `?months=6`). */
  const read = async <R extends CloudRead>(
    email: string,
    path: R,
    query = '',
  ): Promise<CloudReadAnswer<R>> =>
    cloudReadSchemas[path].parse(
      await json(email, `/api/cloud/${path}${query}`),
    ) as CloudReadAnswer<R>;

  it('needs a bearer token', async () => {
    const urls = ['/api/cloud/instances', '/api/cloud/reports/availability'];
    await expectProblems(urls, 401, (url) => get(null, url));
  });

  it("lists anna's instances with their environments, versions and last refresh", async () => {
    const instances = await read(ANNA, 'instances');
    expect(instances.map((i) => i.name)).toEqual([
      'Northwind ERP',
      'Northwind Financials',
      'Northwind FP&A',
    ]);
    const erp = instances[0];
    expect(erp?.product.name).toBe('ERP');
    expect(erp?.slaPercent).toBe(99.7);
    expect(erp?.url).toMatch(/^https:\/\//);
    expect(erp?.environments.map((e) => e.kind)).toEqual([
      'PRODUCTION',
      'ACCEPTANCE',
      'TEST',
      'DEVELOPMENT',
    ]);
    expect(erp?.environments[0]?.lastRefreshAt).toBeNull();
    // Named by their kind only: no English "Production" in place of a name (issue 37).
    expect(erp?.environments.map((e) => e.name)).toEqual([null, null, null, null]);
    // A name the customer gave is content, sent as given.
    expect(instances[2]?.environments.map((e) => [e.kind, e.name])).toEqual([
      ['PRODUCTION', null],
      ['TEST', null],
      ['TRAINING', 'Budget season training'],
    ]);
    expect(erp?.environments[1]?.lastRefreshAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);
  });

  it('scopes every list to the caller account: paul sees his one instance, nina none', async () => {
    const paul = await read(PAUL, 'instances');
    expect(paul.map((i) => i.id)).toEqual(['ci-meridian-erpx']);
    expect(await read(NINA, 'instances')).toEqual([]);

    const windows = await read(PAUL, 'maintenance');
    expect(windows.length).toBeGreaterThan(0);
    expect(windows.every((w) => w.instanceId === 'ci-meridian-erpx')).toBe(true);
    const notes = await read(PAUL, 'notifications');
    expect(notes.every((n) => n.instanceId === 'ci-meridian-erpx')).toBe(true);
    const report = await read(PAUL, 'reports/availability');
    expect(report.instances.map((i) => i.id)).toEqual(['ci-meridian-erpx']);
  });

  it("answers 404 for another account's id or maintenance window (IDOR)", async () => {
    const annaWindows = await read(ANNA, 'maintenance');
    const annaWindow = annaWindows[0];
    if (!annaWindow) throw new Error('anna has no maintenance');
    expect((await get(ANNA, `/api/cloud/maintenance/${annaWindow.id}/ics`)).statusCode).toBe(200);
    expect((await get(PAUL, `/api/cloud/maintenance/${annaWindow.id}/ics`)).statusCode).toBe(404);
    for (const path of [
      'instances',
      'maintenance',
      'maintenance.ics',
      'release-schedules',
      'notifications',
      'reports/availability',
      'reports/availability.xlsx',
      'reports/response-times.csv',
    ]) {
      // Anna's customer account names Meridian (paul's partner account) in vain.
      const res = await get(ANNA, `/api/cloud/${path}?accountId=acc-meridian`);
      expect(res.statusCode, path).toBe(404);
      expect(res.body).not.toContain('Meridian');
      // Paul serves Northwind (ADR 0070) but not Brightwater.
      const foreign = await get(PAUL, `/api/cloud/${path}?accountId=acc-brightwater`);
      expect(foreign.statusCode, path).toBe(404);
    }
  });

  it('lets a vendor employee look at any account', async () => {
    const asErik = await json(ERIK, '/api/cloud/instances?accountId=acc-northwind');
    expect(asErik).toEqual(await json(ANNA, '/api/cloud/instances'));
    expect(await json(ERIK, '/api/cloud/instances')).toEqual([]);
    expect((await get(ERIK, '/api/cloud/instances?accountId=acc-nowhere')).statusCode).toBe(404);
  });

  it('has no account list of its own: the picker asks GET /api/accounts (issue 37, ADR 0072)', async () => {
    expect((await get(ERIK, '/api/cloud/accounts')).statusCode).toBe(404);
  });

  it('answers 400 for bad input', async () => {
    const badInput = [
      '/api/cloud/reports/availability?months=0',
      '/api/cloud/reports/availability?months=37',
      '/api/cloud/reports/response-times?months=abc',
      '/api/cloud/instances?accountId=a%20b',
      '/api/cloud/instances?accountId=x&accountId=y',
      '/api/cloud/maintenance/not%20an%20id/ics',
    ];
    for (const { url, problem } of await expectProblems(badInput, 400, (url) => get(ANNA, url)))
      expect(problem.detail, url).not.toBe('');
  });

  it('lists maintenance past and upcoming, with impact, soonest first', async () => {
    const windows = await read(ANNA, 'maintenance');
    const now = Date.now();
    expect(windows.some((w) => Date.parse(w.endsAt) < now)).toBe(true);
    expect(windows.some((w) => Date.parse(w.startsAt) > now)).toBe(true);
    expect(new Set(windows.map((w) => w.impact))).toEqual(
      new Set(['NO_DOWNTIME', 'DEGRADED', 'DOWNTIME']),
    );
    const starts = windows.map((w) => Date.parse(w.startsAt));
    expect(starts).toEqual([...starts].sort((a, b) => a - b));
  });

  it('exports one window and all windows as iCalendar, in UTC', async () => {
    const windows = await read(ANNA, 'maintenance');
    const all = await get(ANNA, '/api/cloud/maintenance.ics');
    expect(all.statusCode).toBe(200);
    expect(all.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(all.body.startsWith('BEGIN:VCALENDAR\r\n')).toBe(true);
    const events = icsEvents(all.body);
    expect(events).toHaveLength(windows.length);

    const window = windows.find((w) => Date.parse(w.startsAt) > Date.now());
    if (!window) throw new Error('no upcoming window');
    const one = await get(ANNA, `/api/cloud/maintenance/${window.id}/ics`);
    expect(one.headers['content-disposition']).toBe(`attachment; filename="${window.id}.ics"`);
    const [event] = icsEvents(one.body);
    expect(event?.UID).toBe(`${window.id}@cloud.portico.test`);
    expect(icsUtc(event?.DTSTART ?? '')).toBe(Date.parse(window.startsAt));
    expect(icsUtc(event?.DTEND ?? '')).toBe(Date.parse(window.endsAt));
    expect(event?.SUMMARY).toBe(window.title);
  });

  it('gives release schedules for the products and environments the account runs', async () => {
    const schedules = await read(ANNA, 'release-schedules');
    expect(schedules.map((s) => s.product.name).sort()).toEqual(['ERP', 'FP&A', 'Financials']);
    const erp = schedules.find((s) => s.product.id === 'p-erp');
    expect(erp?.releases.length).toBe(4);
    const kinds = new Set(erp?.releases.flatMap((r) => r.milestones.map((m) => m.environment)));
    // Anna's ERP has no training environment, so no training dates.
    expect(kinds).toEqual(new Set(['DEVELOPMENT', 'TEST', 'ACCEPTANCE', 'PRODUCTION']));
    for (const release of erp?.releases ?? []) {
      const date = (k: string) => release.milestones.find((m) => m.environment === k)?.date ?? '';
      expect(date('TEST') < date('ACCEPTANCE')).toBe(true);
      expect(date('ACCEPTANCE') < date('PRODUCTION')).toBe(true);
    }
    const paul = await read(PAUL, 'release-schedules');
    expect(paul.map((s) => s.product.name)).toEqual(['ERPx']);
  });

  it('reports twelve months of availability against the SLA and of response times', async () => {
    const report = await read(ANNA, 'reports/availability');
    expect(report.months).toHaveLength(12);
    const lastMonth = new Date();
    lastMonth.setUTCDate(1);
    lastMonth.setUTCMonth(lastMonth.getUTCMonth() - 1);
    expect(report.months.at(-1)).toBe(lastMonth.toISOString().slice(0, 7));
    for (const instance of report.instances) {
      expect(instance.points.map((p) => p.month)).toEqual(report.months);
      for (const point of instance.points) {
        expect(point.slaMet).toBe(point.availabilityPercent >= instance.slaPercent);
      }
    }
    expect(report.instances.some((i) => i.points.some((p) => !p.slaMet))).toBe(true);
    const six = await read(ANNA, 'reports/availability', '?months=6');
    expect(six.months).toEqual(report.months.slice(6));

    const times = await read(ANNA, 'reports/response-times');
    expect(times.instances).toHaveLength(3);
    for (const point of times.instances.flatMap((i) => i.points)) {
      expect(point.p95Ms).toBeGreaterThan(point.p50Ms);
    }
  });

  it('exports the availability report as XLSX and CSV that read back as the JSON report', async () => {
    const report = await read(ANNA, 'reports/availability');
    // Months are written out in the caller's language (issue 27): "October 2026" in English.
    const expected = englishAvailabilityRows(report);

    const xlsx = await get(ANNA, '/api/cloud/reports/availability.xlsx');
    expect(xlsx.statusCode).toBe(200);
    const { rows } = await sheetRows(xlsx.rawPayload);
    expect(rows[0]).toEqual([
      'Instance',
      'Month',
      'Availability (%)',
      'SLA (%)',
      'SLA met',
      'Downtime (minutes)',
    ]);
    expect(rows.slice(1)).toEqual(expected);

    const csv = await get(ANNA, '/api/cloud/reports/availability.csv');
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    const records = csv.body
      .trimEnd()
      .split('\r\n')
      .map((line) => line.split(','));
    expect(records.slice(1)).toEqual(expected.map((row) => row.map(String)));
  });
});
