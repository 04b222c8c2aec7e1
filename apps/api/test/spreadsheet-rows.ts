import { Workbook } from '@cj-tech-master/excelts';
import type { AvailabilityReport } from '@portico/contracts';

/** The first sheet of an XLSX file: its name and its rows' cell values, heading row first. */
export async function sheetRows(xlsx: Buffer): Promise<{ rows: unknown[][]; name: string }> {
  const workbook = new Workbook();
  await workbook.xlsx.load(xlsx);
  const sheet = workbook.worksheets[0];
  if (!sheet) throw new Error('no sheet');
  const rows: unknown[][] = [];
  // ExcelJS-style row values start at index 1.
  sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return { rows, name: sheet.name };
}

/**
 * The rows (no heading) the availability export holds for the report in English, as the API
 * test and the browser test both expect them: months written out ("October 2026", issue 27).
 */
export function englishAvailabilityRows(report: AvailabilityReport): unknown[][] {
  const monthName = new Intl.DateTimeFormat('en', {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
  return report.instances.flatMap((i) =>
    i.points.map((p) => [
      i.name,
      monthName.format(new Date(`${p.month}-01T00:00:00Z`)),
      p.availabilityPercent,
      i.slaPercent,
      p.slaMet ? 'Yes' : 'No',
      p.downtimeMinutes,
    ]),
  );
}
