import { z } from 'zod';
import { displayNameSchema } from './display-name.js';
import { accountUserInputSchema } from './user-management.js';
import { emptyAccountUserInput } from './user-management-form.js';

/**
 * A field of a user's change history (issue 37): a field of the user form (the one list in
 * user-management-form, so the history is labelled as the form is) or the user's status,
 * which the form shows as "active" and the history as the status itself.
 */
export const userAuditFieldSchema = z.union([
  accountUserInputSchema.keyof().exclude(['active']),
  z.literal('status'),
]);
export type UserAuditField = z.infer<typeof userAuditFieldSchema>;

/** The history's fields in the form's order (status where the form has "active"). */
export const USER_AUDIT_FIELDS: readonly UserAuditField[] = Object.keys(
  emptyAccountUserInput('UTC'),
).map((key) => (key === 'active' ? 'status' : userAuditFieldSchema.parse(key)));

/**
 * A value before or after a change: a text or id (empty for none: a new user's "before"), a
 * list (permissions, products) or a flag.
 */
export const userAuditValueSchema = z.union([z.string(), z.boolean(), z.array(z.string())]);
export type UserAuditValue = z.infer<typeof userAuditValueSchema>;

export const userAuditChangeSchema = z.object({
  field: userAuditFieldSchema,
  before: userAuditValueSchema,
  after: userAuditValueSchema,
});
export type UserAuditChange = z.infer<typeof userAuditChangeSchema>;

/**
 * One audit entry of a user (who, when, what): the changes in the form's field order, values
 * as stored (ids, time zones by their current names); the reader's screen names them.
 */
export const userAuditEntrySchema = z.object({
  id: z.number().int(),
  at: z.string(),
  actorName: displayNameSchema,
  action: z.enum(['created', 'updated', 'deleted', 'invited', 'invitation-revoked', 'activated']),
  changes: z.array(userAuditChangeSchema),
});
export type UserAuditEntry = z.infer<typeof userAuditEntrySchema>;
export const userAuditSchema = z.array(userAuditEntrySchema);
