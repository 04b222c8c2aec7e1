import { useMutation } from '@tanstack/react-query';
import { apiUrl } from '../../../config/runtime-config.js';
import { httpDownload } from '../../../lib/http/http-client.js';
import { fileSaver } from '../../../lib/files/save-file.js';

/** The name used when the server suggests none. */
export const CASES_FILE_NAME = 'cases.csv';

/**
 * `GET {api}/support/cases/download` (§7): fetched with the bearer token (a plain link would
 * go without it) and saved under the name from Content-Disposition. Errors are thrown; the
 * mutation cache's one §8 handler shows them.
 */
export async function downloadAllCases(): Promise<boolean> {
  const file = await httpDownload(apiUrl('support/cases/download'), {
    headers: { Accept: 'text/csv, */*' },
  });
  fileSaver.save(file.blob, file.filename ?? CASES_FILE_NAME);
  return true;
}

export function useDownloadAllCases() {
  return useMutation({ mutationFn: downloadAllCases });
}
