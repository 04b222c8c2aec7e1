import type { AvailabilityReport, MaintenanceWindow, ResponseTimeReport } from '@portico/contracts';
import { createEvents, type EventAttributes } from 'ics';
import type { LabelLanguage } from '@portico/locales';
import { toCsv } from '../../lib/csv.js';
import { xlsxOf } from '../../lib/xlsx.js';
import { formatMonth } from '../../lib/i18n/format.js';
import type { Translate } from '../../lib/i18n/translate.js';
import './cloud.texts.js';

/**
 * A report as one table: the same header and cells feed the CSV and the XLSX export, in the
 * reader's language (issue 27): headers, month names, yes/no; figures stay numbers here.
 */
export interface ReportTable {
  title: string;
  language: LabelLanguage;
  header: readonly string[];
  rows: readonly (readonly (string | number)[])[];
}

/** The texts and language a report table is written in. */
export interface ReportReader {
  language: LabelLanguage;
  t: Translate;
}

type MonthlyReport = { instances: { name: string; points: { month: string }[] }[] };
type InstanceOf<R extends MonthlyReport> = R['instances'][number];

/**
 * A monthly report as a table: a row per instance and month, its name and the month first,
 * then `cells` under the `columns` headers (label keys, as the title).
 */
function monthlyTable<R extends MonthlyReport>(
  report: R,
  { language, t }: ReportReader,
  table: {
    title: string;
    columns: readonly string[];
    cells: (
      point: InstanceOf<R>['points'][number],
      instance: InstanceOf<R>,
    ) => readonly (string | number)[];
  },
): ReportTable {
  return {
    title: t(table.title),
    language,
    header: ['cloud.maintenance.instance', 'cloud.reports.month', ...table.columns].map((key) =>
      t(key),
    ),
    rows: report.instances.flatMap((instance) =>
      instance.points.map((point) => [
        instance.name,
        formatMonth(point.month, language),
        ...table.cells(point, instance),
      ]),
    ),
  };
}

export const availabilityTable = (report: AvailabilityReport, reader: ReportReader) =>
  monthlyTable(report, reader, {
    title: 'cloud.reports.availability',
    columns: [
      'cloud-report.availability',
      'cloud-report.sla',
      'cloud-report.sla-met',
      'cloud-report.downtime',
    ],
    cells: (point, instance) => [
      point.availabilityPercent,
      instance.slaPercent,
      reader.t(point.slaMet ? 'cloud-report.yes' : 'cloud-report.no'),
      point.downtimeMinutes,
    ],
  });

export const responseTimeTable = (report: ResponseTimeReport, reader: ReportReader) =>
  monthlyTable(report, reader, {
    title: 'cloud.reports.response-times',
    columns: ['cloud-report.median', 'cloud-report.p95', 'cloud-report.requests'],
    cells: (point) => [point.p50Ms, point.p95Ms, point.requests],
  });

/** The table as CSV in the reader's dialect (the shared writer writes figures as they do). */
export function tableCsv(table: ReportTable): string {
  return toCsv(table.language, table.header, table.rows);
}

/** The table as a workbook of one sheet: numbers stay numbers, the header row is frozen. */
export async function tableXlsx(table: ReportTable): Promise<Buffer> {
  return xlsxOf(table.title, (sheet) => {
    sheet.addRow([...table.header]).font = { bold: true };
    for (const row of table.rows) sheet.addRow([...row]);
    sheet.columns.forEach((column, index) => {
      column.width = index === 0 ? 26 : 18;
    });
  });
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
