import type {
  AvailabilityReport,
  CloudInstance,
  CloudNotification,
  EnvironmentKind,
  MaintenanceWindow,
  ReleaseSchedule,
  ResponseTimeReport,
} from '@portico/contracts';
import type { Queryable } from '../../db/db.js';
import { NotFoundError } from '../../lib/errors.js';
import {
  listEnvironments,
  listInstances,
  listMaintenance,
  listMonthlyMetrics,
  listNotifications,
  listReleaseMilestones,
  type MaintenanceRow,
} from './cloud.repository.js';

// Cloud services (issue 14, §1). Every signed-in user may see their own account's cloud
// (§2 "sign-in required"); the routes resolve which account (ADR 0023). These functions get
// an account id that is already authorised.

/**
 * An environment's name as content, or null when it only repeats its kind ("Production" for
 * PRODUCTION, in any case): the kind is a code the web names in the reader's language, so the
 * API sends no English fixed text in its place (issue 37, ADR 0072).
 */
function ownName(name: string, kind: EnvironmentKind): string | null {
  const trimmed = name.trim();
  return trimmed === '' || trimmed.toUpperCase() === kind ? null : trimmed;
}

export async function getInstances(db: Queryable, accountId: string): Promise<CloudInstance[]> {
  const [instances, environments] = await Promise.all([
    listInstances(db, accountId),
    listEnvironments(db, accountId),
  ]);
  return instances.map((row) => ({
    id: row.id,
    name: row.name,
    product: { id: row.product_id, name: row.product_name },
    region: row.region,
    version: row.version,
    status: row.status,
    url: row.url,
    slaPercent: row.sla_percent,
    environments: environments
      .filter((environment) => environment.instance_id === row.id)
      .map((environment) => ({
        id: environment.id,
        name: ownName(environment.name, environment.kind),
        kind: environment.kind,
        version: environment.version,
        url: environment.url,
        lastRefreshAt: environment.last_refresh_at,
      })),
  }));
}

const toWindow = (row: MaintenanceRow): MaintenanceWindow => ({
  id: row.id,
  instanceId: row.instance_id,
  instanceName: row.instance_name,
  environments: row.environments,
  title: row.title,
  description: row.description,
  impact: row.impact,
  startsAt: row.starts_at,
  endsAt: row.ends_at,
});

export async function getMaintenance(
  db: Queryable,
  accountId: string,
): Promise<MaintenanceWindow[]> {
  return (await listMaintenance(db, accountId)).map(toWindow);
}

/** One window of the account; another account's window is a 404 like a missing one. */
export async function getMaintenanceWindow(
  db: Queryable,
  accountId: string,
  id: string,
): Promise<MaintenanceWindow> {
  const [row] = await listMaintenance(db, accountId, id);
  if (!row) throw new NotFoundError(`There is no maintenance window ${id}.`);
  return toWindow(row);
}

export async function getReleaseSchedules(
  db: Queryable,
  accountId: string,
): Promise<ReleaseSchedule[]> {
  const schedules: ReleaseSchedule[] = [];
  for (const row of await listReleaseMilestones(db, accountId)) {
    let schedule = schedules.at(-1);
    if (schedule?.product.id !== row.product_id) {
      schedule = { product: { id: row.product_id, name: row.product_name }, releases: [] };
      schedules.push(schedule);
    }
    let release = schedule.releases.at(-1);
    if (release?.version !== row.version) {
      release = { version: row.version, name: row.name, milestones: [] };
      schedule.releases.push(release);
    }
    release.milestones.push({ environment: row.environment, date: row.scheduled_on });
  }
  return schedules;
}

export async function getNotifications(
  db: Queryable,
  accountId: string,
): Promise<CloudNotification[]> {
  return (await listNotifications(db, accountId)).map((row) => ({
    id: row.id,
    instanceId: row.instance_id,
    instanceName: row.instance_name,
    kind: row.kind,
    severity: row.severity,
    title: row.title,
    body: row.body,
    publishedAt: row.published_at,
    resolvedAt: row.resolved_at,
  }));
}

/** The last `count` full calendar months before `now`, oldest first, as yyyy-mm. */
export function reportMonths(now: Date, count: number): string[] {
  const months: string[] = [];
  for (let back = count; back >= 1; back--) {
    const month = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back, 1));
    months.push(month.toISOString().slice(0, 7));
  }
  return months;
}

type InstanceRow = Awaited<ReturnType<typeof listInstances>>[number];
type MetricRow = Awaited<ReturnType<typeof listMonthlyMetrics>>[number];

/**
 * The cloud reports' one shape: every instance of the account over the last `months` full
 * months, with what `about` adds of the instance and one point a month from `pointOf`.
 */
async function monthlyReport<About extends object, Point>(
  db: Queryable,
  accountId: string,
  months: number,
  now: Date,
  about: (instance: InstanceRow) => About,
  pointOf: (metric: MetricRow, instance: InstanceRow) => Point,
) {
  const covered = reportMonths(now, months);
  const from = `${covered[0] ?? ''}-01`;
  const to = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1))
    .toISOString()
    .slice(0, 10);
  const [instances, metrics] = await Promise.all([
    listInstances(db, accountId),
    listMonthlyMetrics(db, accountId, from, to),
  ]);
  return {
    months: covered,
    instances: instances.map((instance) => ({
      id: instance.id,
      name: instance.name,
      ...about(instance),
      points: metrics
        .filter((metric) => metric.instance_id === instance.id)
        .map((metric) => pointOf(metric, instance)),
    })),
  };
}

/** Monthly availability per instance against its SLA (met when at or above it). */
export function getAvailabilityReport(
  db: Queryable,
  accountId: string,
  months: number,
  now: Date = new Date(),
): Promise<AvailabilityReport> {
  return monthlyReport(
    db,
    accountId,
    months,
    now,
    (instance) => ({ slaPercent: instance.sla_percent }),
    (metric, instance) => ({
      month: metric.month,
      availabilityPercent: metric.availability_percent,
      downtimeMinutes: metric.downtime_minutes,
      slaMet: metric.availability_percent >= instance.sla_percent,
    }),
  );
}

export function getResponseTimeReport(
  db: Queryable,
  accountId: string,
  months: number,
  now: Date = new Date(),
): Promise<ResponseTimeReport> {
  return monthlyReport(
    db,
    accountId,
    months,
    now,
    () => ({}),
    (metric) => ({
      month: metric.month,
      p50Ms: metric.response_p50_ms,
      p95Ms: metric.response_p95_ms,
      requests: metric.requests,
    }),
  );
}
