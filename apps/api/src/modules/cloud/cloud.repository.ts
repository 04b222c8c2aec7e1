import type {
  CloudInstanceStatus,
  CloudRegion,
  EnvironmentKind,
  MaintenanceImpact,
} from '@portico/contracts';
import { rowsBy, type Queryable } from '../../db/db.js';

/** ISO 8601 in UTC with a Z, the same text on PGlite and PostgreSQL. */
const iso = (column: string): string =>
  `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`;

export interface InstanceRow {
  id: string;
  name: string;
  product_id: string;
  product_name: string;
  /** One of the contract's region codes (a check constraint holds it to them). */
  region: CloudRegion;
  version: string;
  status: CloudInstanceStatus;
  url: string;
  sla_percent: number;
}

export const listInstances = rowsBy<InstanceRow>(
  `select i.id, i.name, i.product_id, p.product_name, i.region, i.version, i.status, i.url,
          i.sla_percent::float8 as sla_percent
     from cloud_instances i
     join products p on p.id = i.product_id
    where i.account_id = $1
    order by i.sort_order, i.id`,
);

export interface EnvironmentRow {
  id: string;
  instance_id: string;
  name: string;
  kind: EnvironmentKind;
  version: string;
  url: string;
  last_refresh_at: string | null;
}

export const listEnvironments = rowsBy<EnvironmentRow>(
  `select e.id, e.instance_id, e.name, e.kind, e.version, e.url,
          ${iso('e.last_refresh_at')} as last_refresh_at
     from cloud_environments e
     join cloud_instances i on i.id = e.instance_id
    where i.account_id = $1
    order by e.instance_id, e.sort_order, e.id`,
);

export interface MaintenanceRow {
  id: string;
  instance_id: string;
  instance_name: string;
  environments: EnvironmentKind[];
  title: string;
  description: string;
  impact: MaintenanceImpact;
  starts_at: string;
  ends_at: string;
}

/** The account's maintenance windows, soonest first; `id` narrows to one window. */
export async function listMaintenance(
  db: Queryable,
  accountId: string,
  id?: string,
): Promise<MaintenanceRow[]> {
  const { rows } = await db.query<MaintenanceRow>(
    `select m.id, m.instance_id, i.name as instance_name, m.environments, m.title, m.description,
            m.impact, ${iso('m.starts_at')} as starts_at, ${iso('m.ends_at')} as ends_at
       from cloud_maintenance_windows m
       join cloud_instances i on i.id = m.instance_id
      where i.account_id = $1 and ($2::text is null or m.id = $2)
      order by m.starts_at, m.id`,
    [accountId, id ?? null],
  );
  return rows;
}

export interface MilestoneRow {
  product_id: string;
  product_name: string;
  version: string;
  name: string;
  environment: EnvironmentKind;
  scheduled_on: string;
}

/**
 * Release milestones of the products the account runs, for the environment kinds it has of
 * that product (an account without a training environment does not see training dates).
 */
export const listReleaseMilestones = rowsBy<MilestoneRow>(
  `select r.product_id, p.product_name, r.version, r.name, m.environment,
          m.scheduled_on::text as scheduled_on
     from cloud_releases r
     join products p on p.id = r.product_id
     join cloud_release_milestones m on m.release_id = r.id
    where exists (
            select 1 from cloud_environments e
              join cloud_instances i on i.id = e.instance_id
             where i.account_id = $1 and i.product_id = r.product_id and e.kind = m.environment)
    order by p.product_name, r.product_id, r.version, m.scheduled_on, m.environment`,
);

export interface NotificationRow {
  id: string;
  instance_id: string;
  instance_name: string;
  kind: 'INCIDENT' | 'MAINTENANCE';
  severity: 'INFORMATION' | 'WARNING' | 'CRITICAL';
  title: string;
  body: string;
  published_at: string;
  resolved_at: string | null;
}

export const listNotifications = rowsBy<NotificationRow>(
  `select n.id, n.instance_id, i.name as instance_name, n.kind, n.severity, n.title, n.body,
          ${iso('n.published_at')} as published_at, ${iso('n.resolved_at')} as resolved_at
     from cloud_notifications n
     join cloud_instances i on i.id = n.instance_id
    where i.account_id = $1
    order by n.published_at desc, n.id`,
);

export interface MetricRow {
  instance_id: string;
  month: string;
  availability_percent: number;
  downtime_minutes: number;
  response_p50_ms: number;
  response_p95_ms: number;
  requests: number;
}

/** Monthly metrics of the account's instances for months in [from, to), by instance and month. */
export const listMonthlyMetrics = rowsBy<MetricRow, [accountId: string, from: string, to: string]>(
  `select m.instance_id, to_char(m.month, 'YYYY-MM') as month,
          m.availability_percent::float8 as availability_percent,
          m.downtime_minutes, m.response_p50_ms, m.response_p95_ms, m.requests::float8 as requests
     from cloud_monthly_metrics m
     join cloud_instances i on i.id = m.instance_id
    where i.account_id = $1 and m.month >= $2::date and m.month < $3::date
    order by i.sort_order, m.instance_id, m.month`,
);
