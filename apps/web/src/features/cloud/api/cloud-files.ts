import { useMutation } from '@tanstack/react-query';
import { apiUrl } from '../../../config/runtime-config.js';
import { fileSaver } from '../../../lib/files/save-file.js';
import { httpDownload } from '../../../lib/http/http-client.js';

/** A cloud file: a calendar of maintenance windows or a report as a spreadsheet. */
export interface CloudFile {
  /** Under {api}/cloud/. */
  path: string;
  /** The name used when the server suggests none. */
  fallbackName: string;
}

export const cloudFiles = {
  allMaintenance: (): CloudFile => ({ path: 'maintenance.ics', fallbackName: 'maintenance.ics' }),
  maintenance: (id: string): CloudFile => ({
    path: `maintenance/${encodeURIComponent(id)}/ics`,
    fallbackName: `${id}.ics`,
  }),
  report: (report: 'availability' | 'response-times', format: 'xlsx' | 'csv'): CloudFile => ({
    path: `reports/${report}.${format}`,
    fallbackName: `${report}.${format}`,
  }),
};

/** Fetched with the bearer token (a plain link would go without it), then saved. */
export async function downloadCloudFile(file: CloudFile): Promise<boolean> {
  const result = await httpDownload(apiUrl(`cloud/${file.path}`));
  if (!result) return false;
  fileSaver.save(result.blob, result.filename ?? file.fallbackName);
  return true;
}

export function useDownloadCloudFile() {
  return useMutation({ mutationFn: downloadCloudFile });
}
