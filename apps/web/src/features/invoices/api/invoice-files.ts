import { useMutation } from '@tanstack/react-query';
import { endpointUrl, exportUrl } from '../../../config/runtime-config.js';
import { fileSaver } from '../../../lib/files/save-file.js';
import { buildUrl, httpDownload } from '../../../lib/http/http-client.js';
import type { InvoiceUrlState } from '../hooks/use-invoice-url-state.js';
import { invoiceQuery } from './invoice-list.js';

/**
 * `GET {api}/invoices/{id}/pdf`: fetched with the bearer token (a plain link would go without
 * it) and saved under the server's name. Errors are shown by the §8 catalogue.
 */
export async function downloadInvoicePdf(invoice: {
  id: string;
  number: string;
}): Promise<boolean> {
  const file = await httpDownload(
    endpointUrl('invoices', `${encodeURIComponent(invoice.id)}/pdf`),
    {
      headers: { Accept: 'application/pdf' },
    },
  );
  if (!file) return false;
  fileSaver.save(file.blob, file.filename ?? `${invoice.number}.pdf`);
  return true;
}

/** `GET {api}/invoices/export.xlsx` with the list's filters and sort. */
export async function downloadInvoiceList(state: InvoiceUrlState): Promise<boolean> {
  const url = buildUrl(exportUrl('invoices'), invoiceQuery(state)).toString();
  const file = await httpDownload(url);
  if (!file) return false;
  fileSaver.save(file.blob, file.filename ?? 'invoices.xlsx');
  return true;
}

export function useDownloadInvoicePdf() {
  return useMutation({ mutationFn: downloadInvoicePdf });
}

export function useDownloadInvoiceList() {
  return useMutation({ mutationFn: downloadInvoiceList });
}
