import type { AvailabilityReport, MaintenanceWindow, ResponseTimeReport } from '@portico/contracts';
import ExcelJS from 'exceljs';
import { createEvents, type EventAttributes } from 'ics';
import { toCsv } from '../../lib/csv.js';

/** A report as one table: the same header and cells feed the CSV and the XLSX export. */
export interface ReportTable {
  title: string;
  header: readonly string[];
  rows: readonly (readonly (string | number)[])[];
}

export function availabilityTable(report: AvailabilityReport): ReportTable {
  return {
    title: 'Availability',
    header: ['Instance', 'Month', 'Availability (%)', 'SLA (%)', 'SLA met', 'Downtime (minutes)'],
    rows: report.instances.flatMap((instance) =>
      instance.points.map((point) => [
        instance.name,
        point.month,
        point.availabilityPercent,
        instance.slaPercent,
        point.slaMet ? 'Yes' : 'No',
        point.downtimeMinutes,
      ]),
    ),
  };
}

export function responseTimeTable(report: ResponseTimeReport): ReportTable {
  return {
    title: 'Response times',
    header: ['Instance', 'Month', 'Median (ms)', '95th percentile (ms)', 'Requests'],
    rows: report.instances.flatMap((instance) =>
      instance.points.map((point) => [
        instance.name,
        point.month,
        point.p50Ms,
        point.p95Ms,
        point.requests,
      ]),
    ),
  };
}

export function tableCsv(table: ReportTable): string {
  return toCsv(
    table.header,
    table.rows.map((row) => row.map(String)),
  );
}

/** The table as a workbook of one sheet: numbers stay numbers, the header row is frozen. */
export async function tableXlsx(table: ReportTable): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Portico';
  const sheet = workbook.addWorksheet(table.title, { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.addRow([...table.header]).font = { bold: true };
  for (const row of table.rows) sheet.addRow([...row]);
  sheet.columns.forEach((column, index) => {
    column.width = index === 0 ? 26 : 18;
  });
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

const IMPACT_TEXT: Record<MaintenanceWindow['impact'], string> = {
  NO_DOWNTIME: 'No downtime expected',
  DEGRADED: 'Reduced performance',
  DOWNTIME: 'Service unavailable',
};

/**
 * Maintenance windows as an iCalendar file (RFC 5545). Times are UTC (…Z), so every calendar
 * shows them in its owner's time zone; the UID is stable, so importing again updates events.
 */
export function maintenanceIcs(
  windows: readonly MaintenanceWindow[],
  calendarName: string,
): string {
  const events: EventAttributes[] = windows.map((window) => ({
    uid: `${window.id}@cloud.portico.test`,
    start: Date.parse(window.startsAt),
    startInputType: 'utc',
    startOutputType: 'utc',
    end: Date.parse(window.endsAt),
    endInputType: 'utc',
    endOutputType: 'utc',
    title: window.title,
    description: `${IMPACT_TEXT[window.impact]}. ${window.description}`,
    location: window.instanceName,
    categories: ['Maintenance'],
    status: 'CONFIRMED',
    busyStatus: window.impact === 'DOWNTIME' ? 'BUSY' : 'FREE',
    productId: 'portico/cloud',
    calName: calendarName,
  }));
  if (events.length === 0) {
    // ics refuses an empty list; an empty calendar is still a valid answer.
    return 'BEGIN:VCALENDAR\r\nVERSION:2.0\r\nCALSCALE:GREGORIAN\r\nPRODID:portico/cloud\r\nMETHOD:PUBLISH\r\nEND:VCALENDAR\r\n';
  }
  const { error, value } = createEvents(events, {
    productId: 'portico/cloud',
    calName: calendarName,
  });
  if (error || value === null) throw error ?? new Error('The calendar could not be written.');
  return value;
}
