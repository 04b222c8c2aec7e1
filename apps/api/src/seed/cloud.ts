import type { CloudRegion } from '@portico/contracts';
import type { Db, Queryable } from '../db/db.js';
import { seedOnce } from './seed-once.js';
import { demoAccounts } from './accounts.js';
import { createPrng } from '../lib/prng.js';

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

type Kind = 'PRODUCTION' | 'ACCEPTANCE' | 'TEST' | 'DEVELOPMENT' | 'TRAINING';

interface DemoInstance {
  id: string;
  accountId: string;
  productId: string;
  name: string;
  /** A region code; the web names it in the reader's language (`cloud.region.<code>`). */
  region: CloudRegion;
  version: string;
  status: 'OPERATIONAL' | 'DEGRADED' | 'MAINTENANCE' | 'OUTAGE';
  host: string;
  slaPercent: number;
  environments: readonly Kind[];
  /** Names the customer gave environments; the others are stored under their kind's name. */
  ownNames?: Partial<Record<Kind, string>>;
  /** A month (counted back from the last full month) in which the SLA was missed, if any. */
  missedSlaMonthsAgo?: number;
}

// Several instances for the cloud customer (anna's Northwind), one for paul's partner
// account; nina's Brightwater and the vendor's own account have none (the empty state).
export const demoInstances: readonly DemoInstance[] = [
  {
    id: 'ci-northwind-erp',
    accountId: demoAccounts.northwind.id,
    productId: 'p-erp',
    name: 'Northwind ERP',
    region: 'eu-north',
    version: '2026.3.2',
    status: 'OPERATIONAL',
    host: 'northwind-erp',
    slaPercent: 99.7,
    environments: ['PRODUCTION', 'ACCEPTANCE', 'TEST', 'DEVELOPMENT'],
    missedSlaMonthsAgo: 4,
  },
  {
    id: 'ci-northwind-financials',
    accountId: demoAccounts.northwind.id,
    productId: 'p-financials',
    name: 'Northwind Financials',
    region: 'eu-west',
    version: '2026.3.1',
    status: 'DEGRADED',
    host: 'northwind-fin',
    slaPercent: 99.5,
    environments: ['PRODUCTION', 'ACCEPTANCE', 'TEST'],
    missedSlaMonthsAgo: 1,
  },
  {
    id: 'ci-northwind-fpa',
    accountId: demoAccounts.northwind.id,
    productId: 'p-fpa',
    name: 'Northwind FP&A',
    region: 'eu-north',
    version: '2026.2.4',
    status: 'OPERATIONAL',
    host: 'northwind-fpa',
    slaPercent: 99.5,
    environments: ['PRODUCTION', 'TEST', 'TRAINING'],
    ownNames: { TRAINING: 'Budget season training' },
  },
  {
    id: 'ci-meridian-erpx',
    accountId: demoAccounts.meridian.id,
    productId: 'p-erpx',
    name: 'Meridian ERPx demo',
    region: 'uk-south',
    version: '2026.3.0',
    status: 'OPERATIONAL',
    host: 'meridian-erpx',
    slaPercent: 99.5,
    environments: ['PRODUCTION', 'TEST'],
  },
];

const environmentNames: Record<Kind, string> = {
  PRODUCTION: 'Production',
  ACCEPTANCE: 'Acceptance',
  TEST: 'Test',
  DEVELOPMENT: 'Development',
  TRAINING: 'Training',
};

/** The first day (UTC) of the month `monthsAgo` before the month of `now`. */
export function monthStart(now: Date, monthsAgo: number): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - monthsAgo, 1));
}

/** The second Saturday of a month at 20:00 UTC: the regular maintenance slot. */
function secondSaturday(month: Date): Date {
  const first = new Date(month);
  const toSaturday = (6 - first.getUTCDay() + 7) % 7;
  return new Date(first.getTime() + (toSaturday + 7) * DAY_MS + 20 * HOUR_MS);
}

const isoDay = (date: Date): string => date.toISOString().slice(0, 10);

async function seedInstances(tx: Queryable, now: Date): Promise<void> {
  const prng = createPrng(1414);
  for (const [index, instance] of demoInstances.entries()) {
    await tx.query(
      `insert into cloud_instances (id, account_id, product_id, name, region, version, status, url,
                                    sla_percent, sort_order)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
      [
        instance.id,
        instance.accountId,
        instance.productId,
        instance.name,
        instance.region,
        instance.version,
        instance.status,
        `https://${instance.host}.cloud.portico.test`,
        instance.slaPercent,
        index + 1,
      ],
    );
    for (const [position, kind] of instance.environments.entries()) {
      const production = kind === 'PRODUCTION';
      const suffix = production ? '' : `-${kind.toLowerCase().slice(0, 3)}`;
      // Non-production environments run the next release first and are refreshed from
      // production now and then; production itself is never "refreshed".
      const refreshedDaysAgo = production ? null : prng.int(3, 60);
      await tx.query(
        `insert into cloud_environments (id, instance_id, name, kind, version, url, last_refresh_at,
                                         sort_order)
         values ($1, $2, $3, $4, $5, $6, $7, $8)`,
        [
          `${instance.id}-${kind.toLowerCase()}`,
          instance.id,
          instance.ownNames?.[kind] ?? environmentNames[kind],
          kind,
          production || kind === 'TRAINING' ? instance.version : nextVersion(instance.version),
          `https://${instance.host}${suffix}.cloud.portico.test`,
          refreshedDaysAgo === null
            ? null
            : new Date(now.getTime() - refreshedDaysAgo * DAY_MS - 3 * HOUR_MS).toISOString(),
          position + 1,
        ],
      );
    }
  }
}

function nextVersion(version: string): string {
  const [year, minor] = version.split('.');
  return `${year}.${Number(minor) + 1}.0`;
}

async function seedMaintenance(tx: Queryable, now: Date): Promise<void> {
  const impacts = ['NO_DOWNTIME', 'DOWNTIME', 'DEGRADED'] as const;
  for (const instance of demoInstances) {
    // Six months back, three ahead: the regular monthly slot.
    for (let monthsAgo = 6; monthsAgo >= -3; monthsAgo--) {
      const start = secondSaturday(monthStart(now, monthsAgo));
      const impact = impacts[(monthsAgo + 6) % impacts.length] ?? 'NO_DOWNTIME';
      const hours = impact === 'DOWNTIME' ? 4 : 2;
      const month = start.toLocaleString('en-GB', {
        month: 'long',
        year: 'numeric',
        timeZone: 'UTC',
      });
      await tx.query(
        `insert into cloud_maintenance_windows (id, instance_id, environments, title, description,
                                                impact, starts_at, ends_at)
         values ($1, $2, $3, $4, $5, $6, $7, $8)`,
        [
          `mw-${instance.id.slice(3)}-${isoDay(start)}`,
          instance.id,
          impact === 'DOWNTIME'
            ? ['PRODUCTION']
            : instance.environments.filter((k) => k !== 'PRODUCTION'),
          `${instance.name}: monthly maintenance, ${month}`,
          impact === 'DOWNTIME'
            ? 'Database upgrade and operating-system patches. The service is unavailable during the window.'
            : impact === 'DEGRADED'
              ? 'Storage migration. The service stays available; reports and batch jobs may run slower.'
              : 'Security patches applied with rolling restarts. No interruption is expected.',
          impact,
          start.toISOString(),
          new Date(start.getTime() + hours * HOUR_MS).toISOString(),
        ],
      );
    }
  }
}

interface DemoRelease {
  productId: string;
  version: string;
  name: string;
  /** Days from now on which the release reaches TEST; ACCEPTANCE and PRODUCTION follow. */
  testInDays: number;
}

const releaseProducts = ['p-erp', 'p-financials', 'p-fpa', 'p-erpx'] as const;

function demoReleases(now: Date): DemoRelease[] {
  const year = now.getUTCFullYear();
  const releases: DemoRelease[] = [];
  for (const productId of releaseProducts) {
    const offset = releaseProducts.indexOf(productId) * 3;
    releases.push(
      { productId, version: `${year}.2`, name: 'Spring release', testInDays: -120 + offset },
      { productId, version: `${year}.3`, name: 'Summer release', testInDays: -35 + offset },
      { productId, version: `${year}.4`, name: 'Autumn release', testInDays: 40 + offset },
      { productId, version: `${year + 1}.1`, name: 'Winter release', testInDays: 125 + offset },
    );
  }
  return releases;
}

async function seedReleases(tx: Queryable, now: Date): Promise<void> {
  for (const release of demoReleases(now)) {
    const id = `rel-${release.productId.slice(2)}-${release.version}`;
    await tx.query(
      'insert into cloud_releases (id, product_id, version, name) values ($1, $2, $3, $4)',
      [id, release.productId, release.version, release.name],
    );
    const milestones: [Kind, number][] = [
      ['DEVELOPMENT', release.testInDays - 7],
      ['TEST', release.testInDays],
      ['ACCEPTANCE', release.testInDays + 14],
      ['TRAINING', release.testInDays + 21],
      ['PRODUCTION', release.testInDays + 28],
    ];
    for (const [environment, days] of milestones) {
      await tx.query(
        `insert into cloud_release_milestones (release_id, environment, scheduled_on)
         values ($1, $2, $3)`,
        [id, environment, isoDay(new Date(now.getTime() + days * DAY_MS))],
      );
    }
  }
}

async function seedNotifications(tx: Queryable, now: Date): Promise<void> {
  const at = (daysAgo: number, hour = 9): string =>
    new Date(now.getTime() - daysAgo * DAY_MS + hour * HOUR_MS - 12 * HOUR_MS).toISOString();
  const rows: [string, string, string, string, string, string, string, string | null][] = [
    [
      'cn-fin-slow-reports',
      'ci-northwind-financials',
      'INCIDENT',
      'WARNING',
      'Financials: slow period-end reports',
      'Period-end reports take longer than usual in EU West. Engineers are moving the reporting database to faster storage. Transactions are not affected.',
      at(0, 7),
      null,
    ],
    [
      'cn-erp-login-outage',
      'ci-northwind-erp',
      'INCIDENT',
      'CRITICAL',
      'ERP: sign-in unavailable',
      'Users could not sign in to ERP in EU North for 52 minutes because of an expired certificate on the identity gateway. The certificate was renewed and monitoring now warns 30 days ahead.',
      at(118),
      at(118, 10),
    ],
    [
      'cn-fin-batch-delay',
      'ci-northwind-financials',
      'INCIDENT',
      'WARNING',
      'Financials: nightly batch delayed',
      'The nightly posting batch finished three hours late after a failover of the job scheduler. All postings completed; no data was lost.',
      at(34),
      at(33),
    ],
    [
      'cn-erp-maintenance-next',
      'ci-northwind-erp',
      'MAINTENANCE',
      'INFORMATION',
      'ERP: next monthly maintenance',
      'The next monthly maintenance window is on the second Saturday of the month. See the maintenance calendar for times in your time zone.',
      at(2),
      null,
    ],
    [
      'cn-meridian-upgrade',
      'ci-meridian-erpx',
      'MAINTENANCE',
      'INFORMATION',
      'ERPx demo: upgrade to the autumn release',
      'The demo instance moves to the autumn release on its test environment first. Production follows four weeks later.',
      at(5),
      null,
    ],
  ];
  for (const row of rows) {
    await tx.query(
      `insert into cloud_notifications (id, instance_id, kind, severity, title, body, published_at,
                                        resolved_at)
       values ($1, $2, $3, $4, $5, $6, $7, $8)`,
      row,
    );
  }
}

/** Twelve full months of availability and response times per instance. */
async function seedMetrics(tx: Queryable, now: Date): Promise<void> {
  const prng = createPrng(1415);
  for (const instance of demoInstances) {
    for (let monthsAgo = 12; monthsAgo >= 1; monthsAgo--) {
      const month = monthStart(now, monthsAgo);
      const minutes = (monthStart(now, monthsAgo - 1).getTime() - month.getTime()) / 60_000;
      const missed = instance.missedSlaMonthsAgo === monthsAgo;
      const downtime = missed
        ? Math.round(minutes * ((100 - instance.slaPercent) / 100) * 1.6)
        : prng.int(0, Math.floor(minutes * ((100 - instance.slaPercent) / 100) * 0.6));
      const availability = Math.round((1 - downtime / minutes) * 1_000_000) / 10_000;
      const p50 = prng.int(170, 260) + (missed ? 90 : 0);
      await tx.query(
        `insert into cloud_monthly_metrics (instance_id, month, availability_percent, downtime_minutes,
                                            response_p50_ms, response_p95_ms, requests)
         values ($1, $2, $3, $4, $5, $6, $7)`,
        [
          instance.id,
          isoDay(month),
          availability,
          downtime,
          p50,
          p50 * 3 + prng.int(40, 220),
          prng.int(1_800_000, 4_200_000),
        ],
      );
    }
  }
}

async function isSeeded(db: Queryable): Promise<boolean> {
  const { rows } = await db.query('select 1 from cloud_instances where id = $1', [
    demoInstances[0]?.id,
  ]);
  return rows.length > 0;
}

/**
 * The cloud demo data (issue 14): instances and environments, maintenance windows (six months
 * back, three ahead), release schedules, notifications and twelve months of metrics, all
 * relative to `now`. Does nothing once the first instance exists.
 */
export async function seedCloud(db: Db, now: Date): Promise<void> {
  await seedOnce(db, 727278, isSeeded, async (tx) => {
    await seedInstances(tx, now);
    await seedMaintenance(tx, now);
    await seedReleases(tx, now);
    await seedNotifications(tx, now);
    await seedMetrics(tx, now);
  });
}
