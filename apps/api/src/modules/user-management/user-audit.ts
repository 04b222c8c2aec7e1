import {
  USER_AUDIT_FIELDS,
  userAuditValueSchema,
  type UserAuditChange,
  type UserAuditEntry,
  type UserAuditField,
  type UserAuditValue,
} from '@portico/contracts';
import { canonicalTimeZone } from '../../lib/i18n/time-zones.js';
import type { UserWrite } from './user-writes.repository.js';

/**
 * The audit rows keep the columns' names (`first_name`, `time_zone` …) as written since
 * issue 15; the API answers with the form's field names (issue 37), so the history is
 * labelled from the contracts' one field list.
 */
const FIELD_OF: Readonly<Record<string, UserAuditField>> = {
  email: 'email',
  first_name: 'firstName',
  last_name: 'lastName',
  username: 'username',
  language: 'language',
  time_zone: 'timeZone',
  address: 'address',
  billing_address: 'billingAddress',
  shipping_address: 'shippingAddress',
  city: 'city',
  postal_code: 'postalCode',
  country: 'country',
  phone: 'phone',
  mobile: 'mobile',
  fax: 'fax',
  phone_extension: 'phoneExtension',
  hotline_code: 'hotlineCode',
  website: 'website',
  role: 'role',
  c4u_role: 'c4uRole',
  billing_platform_role: 'billingPlatformRole',
  learning_role: 'learningRole',
  status: 'status',
  permissions: 'permissions',
  productIds: 'productIds',
} satisfies Partial<Record<keyof UserWrite | 'productIds', UserAuditField>>;

const order = new Map(USER_AUDIT_FIELDS.map((field, index) => [field, index]));

/** A stored value as the contract types it (none as ""); a zone by its current name (ADR 0069). */
function valueOf(field: UserAuditField, stored: unknown): UserAuditValue {
  const parsed = userAuditValueSchema.safeParse(stored ?? '');
  const value = parsed.success ? parsed.data : JSON.stringify(stored);
  return field === 'timeZone' && typeof value === 'string' ? canonicalTimeZone(value) : value;
}

/** A stored audit row as the API answers it: named fields, in the form's order. */
export function toAuditEntry(row: {
  id: number;
  at: Date | string;
  actor_name: string;
  action: string;
  changes: Record<string, { before: unknown; after: unknown }>;
}): UserAuditEntry {
  const changes: UserAuditChange[] = [];
  for (const [key, change] of Object.entries(row.changes)) {
    const field = FIELD_OF[key];
    // Every writer records only the keys above; anything else is no field of the form.
    if (field === undefined) continue;
    changes.push({
      field,
      before: valueOf(field, change.before),
      after: valueOf(field, change.after),
    });
  }
  changes.sort((a, b) => (order.get(a.field) ?? 0) - (order.get(b.field) ?? 0));
  return {
    id: row.id,
    at: new Date(row.at).toISOString(),
    actorName: row.actor_name,
    action: row.action as UserAuditEntry['action'],
    changes,
  };
}
