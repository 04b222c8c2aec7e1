import { useMutation } from '@tanstack/react-query';
import { endpointUrl, exportUrl } from '../../../config/runtime-config.js';
import { fileSaver } from '../../../lib/files/save-file.js';
import { notifyError } from '../../../lib/http/error-catalogue.js';
import { buildUrl, httpDownload } from '../../../lib/http/http-client.js';
import { useT } from '../../../lib/labels/use-t.js';
import type { InvoiceUrlState } from '../hooks/use-invoice-url-state.js';
import { invoiceQuery } from './invoice-list.js';

/**
 * `GET {api}/invoices/{id}/pdf`: fetched with the bearer token (a plain link would go without
 * it) and saved under the server's name. Errors are thrown; the hook shows them (§8).
 */
export async function downloadInvoicePdf(invoice: {
  id: string;
  number: string;
}): Promise<boolean> {
  const file = await httpDownload(
    endpointUrl('invoices', `${encodeURIComponent(invoice.id)}/pdf`),
    {
      headers: { Accept: 'application/pdf' },
      handleErrors: false,
    },
  );
  if (!file) return false;
  fileSaver.save(file.blob, file.filename ?? `${invoice.number}.pdf`);
  return true;
}

/** `GET {api}/invoices/export.xlsx` with the list's filters and sort. */
export async function downloadInvoiceList(state: InvoiceUrlState): Promise<boolean> {
  const url = buildUrl(exportUrl('invoices'), invoiceQuery(state)).toString();
  const file = await httpDownload(url, { handleErrors: false });
  if (!file) return false;
  fileSaver.save(file.blob, file.filename ?? 'invoices.xlsx');
  return true;
}

/** A failed download is the §8 notification, a 400 with the API's message (issue 27). */
export function useDownloadInvoicePdf() {
  const t = useT();
  return useMutation({
    mutationFn: downloadInvoicePdf,
    onError: (error) => notifyError(error, t),
  });
}

export function useDownloadInvoiceList() {
  const t = useT();
  return useMutation({
    mutationFn: downloadInvoiceList,
    onError: (error) => notifyError(error, t),
  });
}
