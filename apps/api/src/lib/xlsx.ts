import { Workbook, type Worksheet } from '@cj-tech-master/excelts';

/**
 * The one way the portal writes a spreadsheet export (§7): a workbook by Portico of one sheet
 * named after `title`, its first row frozen as the header; `fill` writes the rows.
 */
export async function xlsxOf(
  title: string,
  fill: (sheet: Worksheet, workbook: Workbook) => void,
): Promise<Buffer> {
  const workbook = new Workbook();
  workbook.creator = 'Portico';
  // A sheet name may not hold []:*?/\ and has at most 31 characters.
  const sheetName = title.replace(/[[\]:*?/\\]/g, ' ').slice(0, 31);
  fill(workbook.addWorksheet(sheetName, { views: [{ state: 'frozen', ySplit: 1 }] }), workbook);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
