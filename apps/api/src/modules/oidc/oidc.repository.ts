import { firstValue, rowBy, hasRowBy, writeBy, type Queryable } from '../../db/db.js';

// SQL of the embedded OpenID Connect provider: accounts for sign-in, key material, the
// provider's stored models (migration 002-oidc) and the sign-in rate limit (006-sign-in-limits).

export interface SignInUser {
  id: string;
  email: string;
  /** Null until the user has accepted their invitation (issue 15). */
  passwordHash: string | null;
  firstName: string;
  lastName: string;
  language: string;
  /** Only Active users may sign in (issue 15 §4). */
  status: string;
}

/** The columns of a SignInUser, named as it names them. */
const userColumns = `id, email, password_hash as "passwordHash", first_name as "firstName",
  last_name as "lastName", language, status`;

export const findUserByEmail = rowBy<SignInUser>(
  `select ${userColumns} from users where lower(email) = lower($1)`,
);

export const findUserById = rowBy<SignInUser>(`select ${userColumns} from users where id = $1`);

export interface StoredPayload {
  payload: Record<string, unknown>;
  consumedAt: Date | null;
}

export interface UpsertPayload {
  model: string;
  id: string;
  payload: Record<string, unknown>;
  grantId: string | undefined;
  userCode: string | undefined;
  uid: string | undefined;
  expiresInSeconds: number | undefined;
}

export async function upsertPayload(db: Queryable, p: UpsertPayload): Promise<void> {
  await db.query(
    `insert into oidc_payloads (model, id, payload, grant_id, user_code, uid, expires_at)
     values ($1, $2, $3, $4, $5, $6, case when $7::integer is null then null else now() + make_interval(secs => $7::integer) end)
     on conflict (model, id) do update set
       payload = excluded.payload, grant_id = excluded.grant_id, user_code = excluded.user_code,
       uid = excluded.uid, expires_at = excluded.expires_at`,
    [
      p.model,
      p.id,
      JSON.stringify(p.payload),
      p.grantId ?? null,
      p.userCode ?? null,
      p.uid ?? null,
      p.expiresInSeconds ?? null,
    ],
  );
}

type PayloadColumn = 'id' | 'uid' | 'user_code';

/** The live (not expired) payload of `model` whose `column` equals `value`. */
export async function findPayload(
  db: Queryable,
  model: string,
  column: PayloadColumn,
  value: string,
): Promise<StoredPayload | undefined> {
  const { rows } = await db.query<{
    payload: Record<string, unknown>;
    consumed_at: Date | string | null;
  }>(
    `select payload, consumed_at from oidc_payloads
     where model = $1 and ${column} = $2 and (expires_at is null or expires_at > now())`,
    [model, value],
  );
  const row = rows[0];
  if (!row) return undefined;
  return {
    payload: row.payload,
    consumedAt: row.consumed_at === null ? null : new Date(row.consumed_at),
  };
}

export const consumePayload = writeBy<[model: string, id: string]>(
  'update oidc_payloads set consumed_at = now() where model = $1 and id = $2',
);

export const deletePayload = writeBy<[model: string, id: string]>(
  'delete from oidc_payloads where model = $1 and id = $2',
);

/** Revoking a grant removes every token and code issued under it (all models). */
export const deletePayloadsByGrant = writeBy('delete from oidc_payloads where grant_id = $1');

export async function deleteExpiredPayloads(db: Queryable): Promise<void> {
  await db.query('delete from oidc_payloads where expires_at <= now()');
}

/**
 * Reserves one attempt for `key` in its window: the attempts reserved in the window so far
 * (this one included) when the key had fewer than `limit` in the last `windowSeconds` (a
 * window that ended starts again at 1), else null. One upsert, so concurrent callers on any
 * instance serialise on the row and at most `limit` succeed.
 */
export async function reserveAttempt(
  db: Queryable,
  key: string,
  limit: number,
  windowSeconds: number,
): Promise<number | null> {
  return (
    (await firstValue<number>(
      db,
      `insert into sign_in_limits as l (key, window_start, attempts) values ($1, now(), 1)
     on conflict (key) do update set
       window_start = case when l.window_start <= now() - make_interval(secs => $3::integer)
                           then now() else l.window_start end,
       attempts = case when l.window_start <= now() - make_interval(secs => $3::integer)
                       then 1 else l.attempts + 1 end
     where l.window_start <= now() - make_interval(secs => $3::integer) or l.attempts < $2::integer
     returning attempts`,
      [key, limit, windowSeconds],
    )) ?? null
  );
}

/** Gives reserved attempts back (a sign-in that succeeded, or was never checked). */
export const releaseAttempts = writeBy<[keys: readonly string[]]>(
  'update sign_in_limits set attempts = attempts - 1 where key = any($1::text[]) and attempts > 0',
);

/** Notes that an account signed in from an address (by their digest), now. */
export const rememberKnownAddress = writeBy(
  `insert into sign_in_known_addresses (key, last_seen) values ($1, now())
   on conflict (key) do update set last_seen = excluded.last_seen`,
);

/** Whether an account signed in from an address (by their digest) in the last `days`. */
export const isKnownAddress = hasRowBy<[key: string, days: number]>(
  `select 1 from sign_in_known_addresses
    where key = $1 and last_seen > now() - make_interval(days => $2::integer)`,
);

/** Forgets addresses not signed in from for `days`. */
export const deleteOldKnownAddresses = writeBy<[days: number]>(
  'delete from sign_in_known_addresses where last_seen <= now() - make_interval(days => $1::integer)',
);

/** Forgets keys whose window ended (they would start over anyway). */
export const deleteEndedWindows = writeBy<[windowSeconds: number]>(
  'delete from sign_in_limits where window_start <= now() - make_interval(secs => $1::integer)',
);

export async function updatePasswordHash(
  db: Queryable,
  userId: string,
  expectedOld: string,
  passwordHash: string,
): Promise<void> {
  // Only when unchanged meanwhile: a password changed during the sign-in wins.
  await db.query('update users set password_hash = $3 where id = $1 and password_hash = $2', [
    userId,
    expectedOld,
    passwordHash,
  ]);
}
