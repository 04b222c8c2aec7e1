import { z } from 'zod';
import { ACCOUNT_ID_PATTERN, failWith, singleQueryValue, wholeNumberOf } from './query-values.js';

/** §1 Cloud services. Every date-time is ISO 8601 in UTC; the web shows it in the user's zone. */

export const cloudInstanceStatusSchema = z.enum([
  'OPERATIONAL',
  'DEGRADED',
  'MAINTENANCE',
  'OUTAGE',
]);
export type CloudInstanceStatus = z.infer<typeof cloudInstanceStatusSchema>;

export const environmentKindSchema = z.enum([
  'PRODUCTION',
  'ACCEPTANCE',
  'TEST',
  'DEVELOPMENT',
  'TRAINING',
]);
export type EnvironmentKind = z.infer<typeof environmentKindSchema>;
export const ENVIRONMENT_KINDS = environmentKindSchema.options;

export const cloudEnvironmentSchema = z.object({
  id: z.string(),
  /**
   * The customer's own name for the environment (content, shown as given), or null when it
   * has none beyond its kind: the web names the kind in the reader's language
   * (`cloud.kind.<KIND>`), never an English "Production" from the API (issue 37, ADR 0072).
   */
  name: z
    .string()
    .nullable()
    .describe(
      "The customer's own name for the environment; null when it is known by its kind only.",
    ),
  kind: environmentKindSchema,
  version: z.string(),
  url: z.string(),
  /** Last refresh (copy of production data), or null when never refreshed. */
  lastRefreshAt: z.string().nullable(),
});
export type CloudEnvironment = z.infer<typeof cloudEnvironmentSchema>;

/**
 * Where an instance runs, as a code: the web names it in the reader's language
 * (`cloud.region.<code>`, issue 37), never the API in English.
 */
export const cloudRegionSchema = z.enum([
  'eu-north',
  'eu-west',
  'eu-central',
  'uk-south',
  'us-east',
  'ap-southeast',
]);
export type CloudRegion = z.infer<typeof cloudRegionSchema>;
export const CLOUD_REGIONS = cloudRegionSchema.options;

export const cloudProductSchema = z.object({ id: z.string(), name: z.string() });

/** `GET /api/cloud/instances`: the account's instances with their environments. */
export const cloudInstanceSchema = z.object({
  id: z.string(),
  name: z.string(),
  product: cloudProductSchema,
  region: cloudRegionSchema,
  version: z.string(),
  status: cloudInstanceStatusSchema,
  url: z.string(),
  /** Agreed monthly availability, in per cent (99.7). */
  slaPercent: z.number(),
  environments: z.array(cloudEnvironmentSchema),
});
export type CloudInstance = z.infer<typeof cloudInstanceSchema>;
export const cloudInstanceListSchema = z.array(cloudInstanceSchema);

export const maintenanceImpactSchema = z.enum(['NO_DOWNTIME', 'DEGRADED', 'DOWNTIME']);
export type MaintenanceImpact = z.infer<typeof maintenanceImpactSchema>;

/** `GET /api/cloud/maintenance`: every window of the account's instances, soonest first. */
export const maintenanceWindowSchema = z.object({
  id: z.string(),
  instanceId: z.string(),
  instanceName: z.string(),
  /** Environments the window touches (PRODUCTION, TEST …). */
  environments: z.array(environmentKindSchema),
  title: z.string(),
  description: z.string(),
  impact: maintenanceImpactSchema,
  startsAt: z.string(),
  endsAt: z.string(),
});
export type MaintenanceWindow = z.infer<typeof maintenanceWindowSchema>;
export const maintenanceWindowListSchema = z.array(maintenanceWindowSchema);

/** The path parameter of `GET /api/cloud/maintenance/:id/ics`: a maintenance window id. */
export const maintenanceWindowParamsSchema = z.object({
  id: z.string().regex(/^[A-Za-z0-9_-]{1,100}$/, {
    error: 'That is not a maintenance window id.',
  }),
});

/**
 * `GET /api/cloud/maintenance.ics` and `GET /api/cloud/maintenance/:id/ics`: maintenance
 * windows as an iCalendar file (text/calendar).
 */
export const maintenanceIcsSchema = z
  .string()
  .describe(
    'iCalendar (RFC 5545): one VEVENT per maintenance window, times in UTC, a stable UID per window (importing again updates the events).',
  );

/** `GET /api/cloud/release-schedules`: per product, which release reaches which environment when. */
export const releaseScheduleSchema = z.object({
  product: cloudProductSchema,
  releases: z.array(
    z.object({
      version: z.string(),
      name: z.string(),
      /** One date (yyyy-mm-dd) per environment kind the release reaches. */
      milestones: z.array(z.object({ environment: environmentKindSchema, date: z.string() })),
    }),
  ),
});
export type ReleaseSchedule = z.infer<typeof releaseScheduleSchema>;
export const releaseScheduleListSchema = z.array(releaseScheduleSchema);

export const cloudNotificationKindSchema = z.enum(['INCIDENT', 'MAINTENANCE']);
export const cloudNotificationSeveritySchema = z.enum(['INFORMATION', 'WARNING', 'CRITICAL']);

/** `GET /api/cloud/notifications`: incidents and maintenance announcements, newest first. */
export const cloudNotificationSchema = z.object({
  id: z.string(),
  instanceId: z.string(),
  instanceName: z.string(),
  kind: cloudNotificationKindSchema,
  severity: cloudNotificationSeveritySchema,
  title: z.string(),
  body: z.string(),
  publishedAt: z.string(),
  /** When the incident ended; null while it is open (and for announcements). */
  resolvedAt: z.string().nullable(),
});
export type CloudNotification = z.infer<typeof cloudNotificationSchema>;
export const cloudNotificationListSchema = z.array(cloudNotificationSchema);

/** `GET /api/cloud/reports/availability`: monthly availability per instance against its SLA. */
export const availabilityReportSchema = z.object({
  /** The months covered, oldest first, as yyyy-mm. */
  months: z.array(z.string()),
  instances: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      slaPercent: z.number(),
      points: z.array(
        z.object({
          month: z.string(),
          availabilityPercent: z.number(),
          downtimeMinutes: z.number().int(),
          slaMet: z.boolean(),
        }),
      ),
    }),
  ),
});
export type AvailabilityReport = z.infer<typeof availabilityReportSchema>;

/** `GET /api/cloud/reports/response-times`: monthly response times per instance. */
export const responseTimeReportSchema = z.object({
  months: z.array(z.string()),
  instances: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      points: z.array(
        z.object({
          month: z.string(),
          p50Ms: z.number().int(),
          p95Ms: z.number().int(),
          requests: z.number().int(),
        }),
      ),
    }),
  ),
});
export type ResponseTimeReport = z.infer<typeof responseTimeReportSchema>;

/**
 * The account reads of the cloud, by their path under `/api/cloud/`, with what each answers:
 * one table for the API's routes, the app's queries and the tests.
 */
export const cloudReadSchemas = {
  instances: cloudInstanceListSchema,
  maintenance: maintenanceWindowListSchema,
  'release-schedules': releaseScheduleListSchema,
  notifications: cloudNotificationListSchema,
  'reports/availability': availabilityReportSchema,
  'reports/response-times': responseTimeReportSchema,
} as const;
export type CloudRead = keyof typeof cloudReadSchemas;
export type CloudReadAnswer<R extends CloudRead> = z.infer<(typeof cloudReadSchemas)[R]>;

export const CLOUD_REPORT_DEFAULT_MONTHS = 12;
export const CLOUD_REPORT_MAX_MONTHS = 36;

/** Query of the cloud calls: `accountId` (vendor employees only) and, for reports, `months`. */
export const cloudQuerySchema = z
  .object({ accountId: singleQueryValue('accountId'), months: singleQueryValue('months') })
  .transform((raw, ctx) => {
    const fail = failWith(ctx);
    const accountId = raw.accountId || undefined;
    if (accountId !== undefined && !ACCOUNT_ID_PATTERN.test(accountId))
      return fail('accountId is not an account id');
    const months = wholeNumberOf(raw.months, CLOUD_REPORT_DEFAULT_MONTHS);
    if (months === undefined || months < 1 || months > CLOUD_REPORT_MAX_MONTHS)
      return fail(`months must be a whole number from 1 to ${CLOUD_REPORT_MAX_MONTHS}`);
    return { months, ...(accountId === undefined ? {} : { accountId }) };
  });
export type CloudQuery = z.output<typeof cloudQuerySchema>;

/** `GET /api/cloud/reports/{availability,response-times}.csv`: a report as one CSV table. */
export const cloudReportCsvSchema = z
  .string()
  .describe('CSV: a header row, then one row per instance and month.');

/** `GET /api/cloud/reports/{availability,response-times}.xlsx`: the same table as a workbook. */
export const cloudReportXlsxSchema = z
  .string()
  .meta({ format: 'binary' })
  .describe(
    'An Excel workbook (XLSX) of one sheet: a frozen header row, then one row per instance and month.',
  );

/** Spreadsheet export formats of the reports (§7 spreadsheet exports). */
export const reportFormatSchema = z.enum(['xlsx', 'csv']);
export type ReportFormat = z.infer<typeof reportFormatSchema>;
