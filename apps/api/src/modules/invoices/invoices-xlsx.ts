import type { Invoice } from '@portico/contracts';
import type { LabelLanguage } from '@portico/locales';
import { dayOf, spreadsheetDateFormat } from '../../lib/i18n/format.js';
import type { Translate } from '../../lib/i18n/translate.js';
import { xlsxOf } from '../../lib/xlsx.js';

/**
 * The invoice list as an Excel workbook (issue 14, §7 spreadsheet exports): real dates and
 * numbers, not text, so the reader can sort and sum; one header row, frozen. Headers, status
 * texts and the date format follow the reader's language (issue 27); the amount's format code
 * is neutral, a spreadsheet shows it with the viewer's own separators.
 */
export async function invoicesXlsx(
  accountName: string,
  invoices: readonly (Invoice & { statusText: string })[],
  language: LabelLanguage,
  t: Translate,
): Promise<Buffer> {
  const date = spreadsheetDateFormat(language);
  return xlsxOf(t('invoices.title'), (sheet, workbook) => {
    sheet.columns = [
      { header: t('invoices.column.number'), key: 'number', width: 18 },
      { header: t('invoices.column.date'), key: 'date', width: 12, style: { numFmt: date } },
      { header: t('invoices.column.dueDate'), key: 'dueDate', width: 12, style: { numFmt: date } },
      {
        header: t('invoices.column.amount'),
        key: 'amount',
        width: 16,
        style: { numFmt: '#,##0.00' },
      },
      { header: t('invoice-xlsx.currency'), key: 'currency', width: 10 },
      { header: t('invoices.column.status'), key: 'status', width: 22 },
      {
        header: t('invoices.column.uploadDate'),
        key: 'uploadedAt',
        width: 20,
        style: { numFmt: `${date} hh:mm` },
      },
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
    workbook.title = t('invoice-xlsx.title', { account: accountName });
  });
}
