import ExcelJS from 'exceljs';
import type { Invoice } from '@portico/contracts';

/** ISO yyyy-mm-dd → a Date at UTC midnight, which a spreadsheet shows as that calendar day. */
const dayOf = (iso: string): Date => new Date(`${iso}T00:00:00Z`);

/**
 * The invoice list as an Excel workbook (issue 14, §7 spreadsheet exports): real dates and
 * numbers, not text, so the reader can sort and sum; one header row, frozen.
 */
export async function invoicesXlsx(
  accountName: string,
  invoices: readonly (Invoice & { statusText: string })[],
): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Portico';
  const sheet = workbook.addWorksheet('Invoices', { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = [
    { header: 'Invoice number', key: 'number', width: 18 },
    { header: 'Date', key: 'date', width: 12, style: { numFmt: 'yyyy-mm-dd' } },
    { header: 'Due date', key: 'dueDate', width: 12, style: { numFmt: 'yyyy-mm-dd' } },
    { header: 'Amount', key: 'amount', width: 16, style: { numFmt: '#,##0.00' } },
    { header: 'Currency', key: 'currency', width: 10 },
    { header: 'Status', key: 'status', width: 22 },
    { header: 'Uploaded', key: 'uploadedAt', width: 20, style: { numFmt: 'yyyy-mm-dd hh:mm' } },
  ];
  sheet.getRow(1).font = { bold: true };
  for (const invoice of invoices) {
    sheet.addRow({
      number: invoice.number,
      date: dayOf(invoice.date),
      dueDate: dayOf(invoice.dueDate),
      amount: Number(invoice.amount),
      currency: invoice.currency,
      status: invoice.statusText,
      uploadedAt: new Date(invoice.uploadedAt),
    });
  }
  workbook.title = `Invoices of ${accountName}`;
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
