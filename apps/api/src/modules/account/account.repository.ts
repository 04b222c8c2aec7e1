import type { Queryable } from '../../db/db.js';

export interface VendorContactRow {
  name: string;
  email: string;
  phone_number: string | null;
  mobile_phone_number: string | null;
}

export type ContactRole = 'account_manager' | 'success_manager';

/**
 * The caller's account's contact in the given role: undefined when the user does not exist,
 * null when the account has no such contact.
 */
export async function findAccountContact(
  db: Queryable,
  userId: string,
  role: ContactRole,
): Promise<VendorContactRow | null | undefined> {
  const column = role === 'account_manager' ? 'account_manager_id' : 'success_manager_id';
  const { rows } = await db.query<{ found: boolean } & Partial<VendorContactRow>>(
    `select c.id is not null as found, c.name, c.email, c.phone_number, c.mobile_phone_number
       from users u
       join accounts a on a.id = u.account_id
       left join vendor_contacts c on c.id = a.${column}
      where u.id = $1`,
    [userId],
  );
  const row = rows[0];
  if (!row) return undefined;
  if (!row.found) return null;
  return {
    name: row.name ?? '',
    email: row.email ?? '',
    phone_number: row.phone_number ?? null,
    mobile_phone_number: row.mobile_phone_number ?? null,
  };
}
