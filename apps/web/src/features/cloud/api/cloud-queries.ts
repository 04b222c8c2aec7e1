import {
  availabilityReportSchema,
  cloudInstanceListSchema,
  cloudNotificationListSchema,
  maintenanceWindowListSchema,
  releaseScheduleListSchema,
  responseTimeReportSchema,
} from '@portico/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiUrl } from '../../../config/runtime-config.js';
import { httpGet } from '../../../lib/http/http-client.js';

/**
 * The cloud calls (issue 14, ADR 0024), one query each: `GET {api}/cloud/instances`,
 * `/maintenance`, `/release-schedules`, `/notifications`, `/reports/availability` and
 * `/reports/response-times`. Null when the §8 catalogue has already told the user.
 */
function cloudQuery<S extends z.ZodType>(path: string, schema: S) {
  return queryOptions({
    queryKey: ['cloud', path] as const,
    queryFn: ({ signal }) => httpGet(apiUrl(`cloud/${path}`), schema, { signal }),
  });
}

export const cloudInstancesQuery = () => cloudQuery('instances', cloudInstanceListSchema);
export const maintenanceQuery = () => cloudQuery('maintenance', maintenanceWindowListSchema);
export const releaseSchedulesQuery = () =>
  cloudQuery('release-schedules', releaseScheduleListSchema);
export const cloudNotificationsQuery = () =>
  cloudQuery('notifications', cloudNotificationListSchema);
export const availabilityQuery = () => cloudQuery('reports/availability', availabilityReportSchema);
export const responseTimesQuery = () =>
  cloudQuery('reports/response-times', responseTimeReportSchema);

export const useCloudInstances = () => useQuery(cloudInstancesQuery());
export const useMaintenance = () => useQuery(maintenanceQuery());
export const useReleaseSchedules = () => useQuery(releaseSchedulesQuery());
export const useCloudNotifications = () => useQuery(cloudNotificationsQuery());
export const useAvailabilityReport = () => useQuery(availabilityQuery());
export const useResponseTimeReport = () => useQuery(responseTimesQuery());
