import { fullName, type AccountUserSummary } from '@portico/contracts';
import { intlLocale, type LabelLanguage } from '@portico/locales';
import { timeZoneName } from '@portico/locales/display-names';
import { toCsv } from '../../lib/csv.js';
import { xlsxOf } from '../../lib/xlsx.js';
import { formatDateTime, spreadsheetDateFormat, wallClockIn } from '../../lib/i18n/format.js';
import type { Queryable } from '../../db/db.js';
import { canonicalTimeZone } from '../../lib/i18n/time-zones.js';
import { chooseLanguage, textsFor, type Translate } from '../../lib/i18n/translate.js';
import type { Admin } from './user-management.service.js';
import './user-export.texts.js';

/** The largest export: every user of the biggest accounts fits, the server stays responsive. */
export const MAX_EXPORT_ROWS = 50_000;

/** Who reads the export: headings, roles, statuses and dates in their language and zone. */
export interface ExportReader {
  language: LabelLanguage;
  timeZone: string;
  t: Translate;
}

/** The caller's profile language and zone (issue 37), as the invoice export does. */
export async function exportReaderOf(db: Queryable, admin: Admin): Promise<ExportReader> {
  const language = chooseLanguage({ profile: admin.caller.language });
  return {
    language,
    timeZone: canonicalTimeZone(admin.caller.time_zone),
    t: await textsFor(db, language),
  };
}

/** The list's columns in the reader's language; the last login names the reader's zone. */
function header({ language, timeZone, t }: ExportReader): string[] {
  return [
    t('user-management.column.name'),
    t('user-management.column.email'),
    t('user-management.field.username'),
    t('user-management.column.role'),
    t('user-management.column.status'),
    t('user-export.in-zone', {
      column: t('user-management.column.last-login'),
      zone: timeZoneName(timeZone, intlLocale(language)),
    }),
  ];
}

/** A user's cells before the last login, as the list shows them. */
function textCells(u: AccountUserSummary, t: Translate): string[] {
  return [
    fullName(u),
    u.email,
    u.username,
    t(`user-management.role.${u.role}`),
    t(`user-management.status.${u.status}`),
  ];
}

/** The list's columns, as CSV in the reader's dialect (formulas neutralised by toCsv). */
export function usersCsv(users: readonly AccountUserSummary[], reader: ExportReader): string {
  const { language, timeZone, t } = reader;
  return toCsv(
    language,
    header(reader),
    users.map((u) => [
      ...textCells(u, t),
      u.lastLoginAt === null
        ? t('user-management.never')
        : formatDateTime(new Date(u.lastLoginAt), language, timeZone),
    ]),
  );
}

/** The same rows as an Excel workbook, one sheet; the last login a real date in the reader's zone. */
export async function usersXlsx(
  users: readonly AccountUserSummary[],
  reader: ExportReader,
): Promise<Buffer> {
  const { language, timeZone, t } = reader;
  return xlsxOf(t('user-management.list.label'), (sheet) => {
    sheet.addRow(header(reader)).font = { bold: true };
    for (const u of users) {
      sheet.addRow([
        ...textCells(u, t),
        u.lastLoginAt === null
          ? t('user-management.never')
          : wallClockIn(new Date(u.lastLoginAt), timeZone),
      ]);
    }
    sheet.columns.forEach((column) => {
      column.width = 28;
    });
    sheet.getColumn(6).numFmt = `${spreadsheetDateFormat(language)} hh:mm`;
  });
}
