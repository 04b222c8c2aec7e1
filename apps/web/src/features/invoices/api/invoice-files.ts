import { useMutation } from '@tanstack/react-query';
import { endpointUrl, exportUrl } from '../../../config/runtime-config.js';
import { fileSaver } from '../../../lib/files/save-file.js';
import { buildUrl, httpDownload } from '../../../lib/http/http-client.js';
import type { InvoiceUrlState } from '../hooks/use-invoice-url-state.js';
import { invoiceQuery } from './invoice-list.js';

/**
 * `GET {api}/invoices/{id}/pdf`: fetched with the bearer token (a plain link would go without
 * it) and saved under the server's name. Errors are thrown; the one §8 handler shows them.
 */
export async function downloadInvoicePdf(invoice: {
  id: string;
  number: string;
}): Promise<boolean> {
  const file = await httpDownload(
    endpointUrl('invoices', `${encodeURIComponent(invoice.id)}/pdf`),
    { headers: { Accept: 'application/pdf' } },
  );
  fileSaver.save(file.blob, file.filename ?? `${invoice.number}.pdf`);
  return true;
}

/** The list's file formats: the configured spreadsheet export, or CSV under the invoices. */
export type InvoiceListFormat = 'xlsx' | 'csv';

const listFileUrl = (format: InvoiceListFormat): string =>
  format === 'xlsx' ? exportUrl('invoices') : endpointUrl('invoices', 'export.csv');

/**
 * The whole list as a file with the list's filters and sort, the same query for every format:
 * `GET {api}/invoices/export.xlsx` (the configured export) or `GET {api}/invoices/export.csv`.
 */
export async function downloadInvoiceList({
  state,
  format,
}: {
  state: InvoiceUrlState;
  format: InvoiceListFormat;
}): Promise<boolean> {
  const url = buildUrl(listFileUrl(format), invoiceQuery(state)).toString();
  const file = await httpDownload(url);
  fileSaver.save(file.blob, file.filename ?? `invoices.${format}`);
  return true;
}

/** A failed download is the §8 notification (the mutation cache's one handler, ADR 0065). */
export function useDownloadInvoicePdf() {
  return useMutation({ mutationFn: downloadInvoicePdf });
}

export function useDownloadInvoiceList() {
  return useMutation({ mutationFn: downloadInvoiceList });
}
