import { fullName, type AccountUserSummary } from '@portico/contracts';
import { Workbook } from '@cj-tech-master/excelts';
import { toCsv } from '../../lib/csv.js';
import { ROLE_NAMES } from './user-options.js';

/** The largest export: every user of the biggest accounts fits, the server stays responsive. */
export const MAX_EXPORT_ROWS = 50_000;

const HEADER = ['Name', 'E-mail', 'Username', 'Role', 'Status', 'Last login (UTC)'] as const;

function cells(u: AccountUserSummary): string[] {
  return [fullName(u), u.email, u.username, ROLE_NAMES[u.role], u.status, u.lastLoginAt ?? ''];
}

/** The list's columns, as CSV (the list's order and filters; formulas neutralised by toCsv). */
export function usersCsv(users: readonly AccountUserSummary[]): string {
  return toCsv(HEADER, users.map(cells));
}

/** The same rows as an Excel workbook, one sheet. */
export async function usersXlsx(users: readonly AccountUserSummary[]): Promise<Buffer> {
  const workbook = new Workbook();
  const sheet = workbook.addWorksheet('Users');
  sheet.addRow([...HEADER]).font = { bold: true };
  for (const u of users) sheet.addRow(cells(u));
  sheet.columns.forEach((column) => {
    column.width = 28;
  });
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
