import { cloudReadSchemas, type CloudRead, type CloudReadAnswer } from '@portico/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import type { z } from 'zod';
import {
  accountInView,
  useRecentAccounts,
} from '../../../components/account-picker/account-picker-api.js';
import { endpointUrl } from '../../../config/runtime-config.js';
import { httpGet, type ResponseOf } from '../../../lib/http/http-client.js';
import { shownByCaller } from '../../../lib/http/failure-handling.js';

/**
 * The cloud calls (issue 14, ADR 0024), one query each: `GET {cloud}/instances`,
 * `/maintenance`, `/release-schedules`, `/notifications`, and `GET {reports}/availability` and
 * `/response-times` (both endpoints configured, §7). Each is a page's data: a failure is
 * thrown, and the section shows it as its error state with a retry (issue 27, ADR 0049).
 */
function load<S extends z.ZodType>(
  url: string,
  schema: S,
  signal: AbortSignal,
  accountId?: string,
): Promise<ResponseOf<S>> {
  return httpGet(url, schema, { signal, query: { accountId } });
}

function cloudQuery<R extends CloudRead>(path: R, accountId?: string) {
  const schema = cloudReadSchemas[path];
  const [endpoint, rest] = path.startsWith('reports/')
    ? (['reports', path.slice('reports/'.length)] as const)
    : (['cloud', path] as const);
  return queryOptions({
    meta: shownByCaller,
    queryKey: ['cloud', path, accountId ?? null] as const,
    // The table's schema for `path`: its answer is that read's (TypeScript cannot narrow the
    // lookup by a type parameter).
    queryFn: ({ signal }) =>
      load(endpointUrl(endpoint, rest), schema, signal, accountId) as Promise<CloudReadAnswer<R>>,
  });
}

/** The search parameter of /cloud that names the account a vendor employee looks at. */
export const CLOUD_ACCOUNT_PARAM = 'accountId';

/** The account the address names (a pick, a shared link), if any. */
export function useNamedCloudAccountId(): string | undefined {
  const [params] = useSearchParams();
  return params.get(CLOUD_ACCOUNT_PARAM) || undefined;
}

/**
 * The account the cloud pages show (ADR 0070): the one in the address, else the last one
 * used, else none: the caller's own (the API's default). The layout shows the sections only
 * once the recent accounts are in, so no section asks for the wrong account first.
 */
export function useCloudAccountId(): string | undefined {
  return accountInView(useNamedCloudAccountId(), useRecentAccounts().data);
}

export const cloudInstancesQuery = (accountId?: string) => cloudQuery('instances', accountId);
export const maintenanceQuery = (accountId?: string) => cloudQuery('maintenance', accountId);
export const releaseSchedulesQuery = (accountId?: string) =>
  cloudQuery('release-schedules', accountId);
export const cloudNotificationsQuery = (accountId?: string) =>
  cloudQuery('notifications', accountId);
export const availabilityQuery = (accountId?: string) =>
  cloudQuery('reports/availability', accountId);
export const responseTimesQuery = (accountId?: string) =>
  cloudQuery('reports/response-times', accountId);

export const useCloudInstances = () => useQuery(cloudInstancesQuery(useCloudAccountId()));
export const useMaintenance = () => useQuery(maintenanceQuery(useCloudAccountId()));
export const useReleaseSchedules = () => useQuery(releaseSchedulesQuery(useCloudAccountId()));
export const useCloudNotifications = () => useQuery(cloudNotificationsQuery(useCloudAccountId()));
export const useAvailabilityReport = () => useQuery(availabilityQuery(useCloudAccountId()));
export const useResponseTimeReport = () => useQuery(responseTimesQuery(useCloudAccountId()));
