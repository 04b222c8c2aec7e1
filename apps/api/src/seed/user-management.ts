import type { UserRole, UserStatus } from '@portico/contracts';
import type { Db, Queryable } from '../db/db.js';
import { seedOnce } from './seed-once.js';
import { demoAccounts } from './accounts.js';
import { createPrng } from '../lib/prng.js';
import { demoUsers } from './users.js';

/**
 * Issue 15 demo data: account settings (subscription level, licences, a parent account) and
 * 25–60 users per demo account across every status and role, so the user list really pages.
 * Has its own check, so a database seeded before issue 15 gets it too.
 */
const FIRST = [
  'Astrid',
  'Bjorn',
  'Camille',
  'Dmitri',
  'Elin',
  'Farah',
  'Gustav',
  'Hanna',
  'Ingrid',
  'Jakob',
  'Karin',
  'Lars',
  'Maja',
  'Nils',
  'Olga',
  'Pia',
  'Rasmus',
  'Sara',
  'Tobias',
  'Ulla',
  'Viktor',
  'Wenche',
  'Yusuf',
  'Zofia',
  'Emil',
  'Freya',
  'Henrik',
  'Ida',
  'Jonas',
  'Linnea',
] as const;
const LAST = [
  'Andersen',
  'Berg',
  'Christensen',
  'Dahl',
  'Eriksson',
  'Fredriksen',
  'Gundersen',
  'Haugen',
  'Iversen',
  'Johansen',
  'Karlsen',
  'Larsen',
  'Moen',
  'Nilsen',
  'Olsen',
  'Pedersen',
  'Quist',
  'Rasmussen',
  'Solberg',
  'Thorsen',
  'Vik',
  'Wold',
  'Aasen',
  'Bakken',
  'Lund',
] as const;
const TIME_ZONES = ['Europe/Oslo', 'Europe/London', 'Europe/Amsterdam', 'America/New_York'];
const CITIES = [
  ['Oslo', '0150', 'NO'],
  ['Bergen', '5003', 'NO'],
  ['London', 'EC1A 1BB', 'GB'],
  ['Utrecht', '3511 AB', 'NL'],
] as const;

interface AccountPlan {
  accountId: string;
  prefix: string;
  domain: string;
  users: number;
  level: string | null;
  /** Licences free after the seed (active + pending users + free). */
  freeLicences: number;
  learningRoles: readonly string[];
}

const plans: readonly AccountPlan[] = [
  {
    accountId: demoAccounts.northwind.id,
    prefix: 'northwind',
    domain: 'northwind.test',
    users: 44,
    level: 'ADVANCED',
    freeLicences: 3,
    learningRoles: ['learner', 'advanced-learner', 'key-user'],
  },
  {
    accountId: demoAccounts.meridian.id,
    prefix: 'meridian',
    domain: 'meridian.test',
    users: 30,
    level: 'PARTNER',
    freeLicences: 10,
    learningRoles: ['learner', 'partner-consultant'],
  },
  {
    accountId: demoAccounts.portico.id,
    prefix: 'portico',
    domain: 'portico.test',
    users: 26,
    level: null,
    freeLicences: 100,
    learningRoles: [],
  },
  {
    accountId: demoAccounts.brightwater.id,
    prefix: 'brightwater',
    domain: 'brightwater.test',
    users: 57,
    level: 'PROFESSIONAL',
    freeLicences: 5,
    learningRoles: ['learner'],
  },
];

const STATUSES: readonly UserStatus[] = [
  'Active',
  'Active',
  'Active',
  'Active',
  'Inactive',
  'Pending',
];
const ROLES: readonly UserRole[] = [
  'standard',
  'standard',
  'standard',
  'read-only',
  'administrator',
];

export const seededUserId = (prefix: string, n: number): string =>
  `u-${prefix}-${String(n).padStart(3, '0')}`;

async function isSeeded(db: Queryable): Promise<boolean> {
  const { rows } = await db.query('select 1 from users where id = $1', [
    seededUserId('northwind', 1),
  ]);
  return rows.length > 0;
}

/** passwordHash: the demo password's hash, for the seeded Active and Inactive users. */
async function seedRows(tx: Queryable, passwordHash: string, now: Date): Promise<void> {
  const prng = createPrng(15);
  await tx.query(
    `insert into accounts (id, name, enterprise_customer_id, dynamics_customer_id)
     values ('acc-northwind-group', 'Northwind Group Holding', 'ECI-100001', 'DYN-CUST-000001')
     on conflict (id) do nothing`,
  );
  await tx.query(`update accounts set parent_account_id = 'acc-northwind-group' where id = $1`, [
    demoAccounts.northwind.id,
  ]);
  // The demo users keep their permissions; their roles say the same thing.
  await tx.query(`update users set role = 'administrator' where id = any($1::text[])`, [
    [demoUsers.anna.id, demoUsers.erik.id],
  ]);
  await tx.query(`update users set role = 'read-only' where id = any($1::text[])`, [
    [demoUsers.paul.id, demoUsers.nina.id],
  ]);
  for (const plan of plans) {
    let counted = 1; // the demo user of the account
    for (let n = 1; n <= plan.users; n++) {
      const first = prng.pick(FIRST);
      const last = prng.pick(LAST);
      // Every status and role appears in every account; the rest is random.
      const status = STATUSES[n - 1] ?? prng.pick(STATUSES);
      const role: UserRole = n === 1 ? 'point-manager' : (ROLES[n - 2] ?? prng.pick(ROLES));
      if (status !== 'Inactive') counted += 1;
      const [city, postalCode, country] = prng.pick(CITIES);
      const login =
        status === 'Pending' ? null : new Date(now.getTime() - prng.int(1, 90 * 24 * 60) * 60_000);
      await tx.query(
        `insert into users (id, email, password_hash, first_name, last_name, language,
           subscription_level, unit4_employee, permissions, account_id, username, status, role,
           c4u_role, learning_role, time_zone, city, postal_code, country, phone, last_login_at)
         values ($1, $2, $3, $4, $5, 'en', $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16,
                 $17, $18, $19, $20)`,
        [
          seededUserId(plan.prefix, n),
          `${first}.${last}.${n}@${plan.domain}`.toLowerCase(),
          status === 'Pending' ? null : passwordHash,
          first,
          last,
          plan.level,
          plan.prefix === 'portico',
          [
            ...(role === 'administrator'
              ? ['NEWS', 'SUPPORT', 'SUPPORT_SERVICE_NOW', 'USERMANAGEMENT']
              : role === 'point-manager'
                ? ['NEWS', 'SUPPORT', 'SUPPORT_SERVICE_NOW']
                : role === 'standard'
                  ? ['NEWS', 'SUPPORT']
                  : ['NEWS']),
            // A partner account's users are partners (§3), so its administrators can make
            // new partners (ADR 0056: they give only what they hold).
            ...(plan.level === 'PARTNER' ? ['PARTNER'] : []),
          ],
          plan.accountId,
          `${first}${last}${n}`.toLowerCase(),
          status,
          role,
          prng.pick(['none', 'viewer', 'editor'] as const),
          plan.learningRoles.length > 0 ? prng.pick(plan.learningRoles) : '',
          prng.pick(TIME_ZONES),
          city,
          postalCode,
          country,
          `+47${prng.int(20_000_000, 99_999_999)}`,
          login,
        ],
      );
    }
    await tx.query(
      'update accounts set subscription_level = $2, licence_count = $3 where id = $1',
      [plan.accountId, plan.level, counted + plan.freeLicences],
    );
  }
}

export async function seedUserManagement(db: Db, passwordHash: () => Promise<string>, now: Date) {
  await seedOnce(db, 727278, isSeeded, async (tx) => seedRows(tx, await passwordHash(), now));
}
