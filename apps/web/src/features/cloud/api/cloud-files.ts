import { useMutation } from '@tanstack/react-query';
import { endpointUrl } from '../../../config/runtime-config.js';
import { fileSaver } from '../../../lib/files/save-file.js';
import { httpDownload } from '../../../lib/http/http-client.js';
import { useCloudAccountId } from './cloud-queries.js';

/** A cloud file: a calendar of maintenance windows or a report as a spreadsheet. */
export interface CloudFile {
  /** Which configured endpoint (§7) the file is under. */
  endpoint: 'cloud' | 'reports';
  /** Under that endpoint. */
  path: string;
  /** The name used when the server suggests none. */
  fallbackName: string;
}

export const cloudFiles = {
  allMaintenance: (): CloudFile => ({
    endpoint: 'cloud',
    path: 'maintenance.ics',
    fallbackName: 'maintenance.ics',
  }),
  maintenance: (id: string): CloudFile => ({
    endpoint: 'cloud',
    path: `maintenance/${encodeURIComponent(id)}/ics`,
    fallbackName: `${id}.ics`,
  }),
  report: (report: 'availability' | 'response-times', format: 'xlsx' | 'csv'): CloudFile => ({
    endpoint: 'reports',
    path: `${report}.${format}`,
    fallbackName: `${report}.${format}`,
  }),
};

/** Fetched with the bearer token (a plain link would go without it), then saved; errors throw. */
export async function downloadCloudFile(file: CloudFile, accountId?: string): Promise<boolean> {
  const result = await httpDownload(endpointUrl(file.endpoint, file.path), {
    query: { accountId },
  });
  fileSaver.save(result.blob, result.filename ?? file.fallbackName);
  return true;
}

/**
 * Downloads of the account the pages show (a vendor employee's pick, ADR 0023). A failure is
 * the §8 notification, shown by the mutation cache's one handler (ADR 0065).
 */
export function useDownloadCloudFile() {
  const accountId = useCloudAccountId();
  return useMutation({ mutationFn: (file: CloudFile) => downloadCloudFile(file, accountId) });
}
