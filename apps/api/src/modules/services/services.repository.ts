import { firstRow, rowBy, rowsBy, hasRowBy, writeBy, type Queryable } from '../../db/db.js';

export interface DeskCaller {
  userId: string;
  accountId: string;
  permissions: readonly string[];
  /** Profile language and time zone: the desk pages follow them (issue 16). */
  language: string;
  timeZone: string;
}

/** A caller's columns, named as the service hands them on. */
const callerColumns =
  'id as "userId", account_id as "accountId", permissions, language, time_zone as "timeZone"';

export interface DeskSessionCallerRow extends DeskCaller {
  status: string;
  tokens_valid_after: Date | string | null;
  session_ended: boolean;
  grant_ended: boolean;
}

export interface SupportCase {
  number: string;
  shortDescription: string;
  description: string;
  category: string;
  priority: string;
  status: string;
  createdBy: string | null;
  createdAt: Date;
  updatedAt: Date;
}

export interface CatalogueItemRow {
  id: string;
  title: string;
  description: string;
  category: string;
}

export interface PortalRow {
  id: string;
  name: string;
  description: string;
  url: string;
}

export interface ContactRow {
  id: string;
  name: string;
  role: string;
  email: string;
  phone_number: string | null;
}

export interface NewSupportCase {
  accountId: string;
  createdBy: string;
  title: string;
  description: string;
  category: string;
  priority: string;
}

export const findDeskCaller = rowBy<DeskCaller>(`select ${callerColumns} from users where id = $1`);

const caseColumns = `c.number, c.title as "shortDescription", c.description, c.category,
  c.priority, c.status,
  nullif(trim(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')), '') as "createdBy",
  c.opened_at as "createdAt", c.updated_at as "updatedAt"`;

/** The account's cases, most recently updated first; `status` narrows to one status. */
export async function listCases(
  db: Queryable,
  accountId: string,
  status: string | undefined,
  limit: number,
): Promise<SupportCase[]> {
  const { rows } = await db.query<SupportCase>(
    `select ${caseColumns}
       from support_cases c
       left join users u on u.id = c.created_by
      where c.account_id = $1 and ($2::text is null or c.status = $2)
      order by c.updated_at desc, c.id desc
      limit $3`,
    [accountId, status ?? null, limit],
  );
  return rows;
}

/** One case, only when it belongs to the account (anything else is "not found"). */
export const findCase = rowBy<SupportCase, [accountId: string, number: string]>(
  `select ${caseColumns}
     from support_cases c
     left join users u on u.id = c.created_by
    where c.account_id = $1 and c.number = $2`,
);

/**
 * Inserts a case with the next free case number and returns that number. A number already
 * taken (seeded by hand, another source) just moves the sequence on: try again.
 */
export async function insertCase(db: Queryable, row: NewSupportCase): Promise<string> {
  for (let attempt = 0; attempt < 1000; attempt++) {
    const { rows } = await db.query<{ number: string }>(
      `insert into support_cases (account_id, created_by, title, description, category, priority)
       values ($1, $2, $3, $4, $5, $6)
       on conflict (number) do nothing
       returning number`,
      [row.accountId, row.createdBy, row.title, row.description, row.category, row.priority],
    );
    const number = rows[0]?.number;
    if (number) return number;
  }
  throw new Error('no free support case number');
}

export async function listCatalogueItems(db: Queryable): Promise<CatalogueItemRow[]> {
  const { rows } = await db.query<CatalogueItemRow>(
    `select id::text as id, title, description, category
       from service_catalog_items
      order by sort_order, title, id`,
  );
  return rows;
}

export async function listPortals(db: Queryable): Promise<PortalRow[]> {
  const { rows } = await db.query<PortalRow>(
    'select id, name, description, url from support_portals order by sort_order, name',
  );
  return rows;
}

export const listContacts = rowsBy<ContactRow>(
  `select id, name, role, email, phone_number
     from account_contacts
    where account_id = $1
    order by sort_order, name`,
);

/**
 * Records the first use of a frame token; false when it was used before (a replay). One
 * statement, so two instances racing on the same token cannot both win.
 */
export const claimFrameToken = hasRowBy<[jti: string, expiresAtSeconds: number]>(
  `insert into support_desk_frame_token_uses (jti, expires_at) values ($1, to_timestamp($2))
   on conflict (jti) do nothing returning jti`,
);

/** Forgets uses of frame tokens that have expired anyway (they fail the signature check). */
export async function forgetExpiredFrameTokens(db: Queryable): Promise<void> {
  await db.query('delete from support_desk_frame_token_uses where expires_at < now()');
}

/**
 * The caller of a desk session with what decides whether the session still stands: the
 * user's status and revocation time (ADR 0027), whether the session was ended, and whether
 * the provider's grant behind it is gone (revoked by a sign-out, or expired: ADR 0060; the
 * provider keeps its grants in oidc_payloads, migration 002). One read.
 */
export async function findDeskSessionCaller(
  db: Queryable,
  userId: string,
  sessionId: string,
  grantId: string | undefined,
): Promise<DeskSessionCallerRow | undefined> {
  return firstRow<DeskSessionCallerRow>(
    db,
    `select ${callerColumns}, status, tokens_valid_after,
            exists (select 1 from support_desk_session_ends where sid = $2) as session_ended,
            $3::text is not null and not exists (
              select 1 from oidc_payloads
               where model = 'Grant' and id = $3 and (expires_at is null or expires_at > now())
            ) as grant_ended
       from users where id = $1`,
    [userId, sessionId, grantId ?? null],
  );
}

/** Ends a desk session on every instance (a portal sign-out, ADR 0005 addendum). */
export const endDeskSession = writeBy<[sessionId: string, expiresAtSeconds: number]>(
  `insert into support_desk_session_ends (sid, expires_at) values ($1, to_timestamp($2))
   on conflict (sid) do nothing`,
);

/** Forgets ended sessions whose cookie has expired anyway. */
export async function forgetExpiredSessionEnds(db: Queryable): Promise<void> {
  await db.query('delete from support_desk_session_ends where expires_at < now()');
}
