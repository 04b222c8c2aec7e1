import type { Queryable } from '../../db/db.js';

// SQL of a user's change history (§3): one row per write, with who and what changed.

export async function insertAudit(
  db: Queryable,
  entry: {
    userId: string;
    accountId: string;
    actorId: string;
    actorName: string;
    action: string;
    changes: Record<string, { before: unknown; after: unknown }>;
  },
): Promise<void> {
  await db.query(
    `insert into user_audit (user_id, account_id, actor_id, actor_name, action, changes)
     values ($1, $2, $3, $4, $5, $6)`,
    [
      entry.userId,
      entry.accountId,
      entry.actorId,
      entry.actorName,
      entry.action,
      JSON.stringify(entry.changes),
    ],
  );
}

export async function listAudit(db: Queryable, userId: string, accountId: string) {
  const { rows } = await db.query<{
    id: number;
    at: Date | string;
    actor_name: string;
    action: string;
    changes: Record<string, { before: unknown; after: unknown }>;
  }>(
    `select id, at, actor_name, action, changes from user_audit
      where user_id = $1 and account_id = $2 order by id desc limit 200`,
    [userId, accountId],
  );
  return rows;
}
