import { z } from 'zod';
import { displayNameSchema } from './display-name.js';
import { ACCOUNT_ID_PATTERN, singleQueryValue, wholeNumberOf } from './query-values.js';

/** §3 Account manager (the success manager has the same shape). */
export const accountManagerSchema = z.object({
  name: displayNameSchema,
  email: z.string(),
  phoneNumber: z.string().nullable(),
  mobilePhoneNumber: z.string().nullable(),
});
export type AccountManager = z.infer<typeof accountManagerSchema>;
export const successManagerSchema = accountManagerSchema;
export type SuccessManager = AccountManager;

/**
 * The account picker (issue 37, ADR 0070): an account the caller may look at on /cloud and
 * /invoices. A vendor employee may look at any account, a partner at their own and the
 * customer accounts they serve (§7 partner accounts), anyone else at their own.
 */
export const accountChoiceSchema = z.object({ id: z.string(), name: displayNameSchema });
export type AccountChoice = z.infer<typeof accountChoiceSchema>;
export const accountChoiceListSchema = z.array(accountChoiceSchema);

/** How many accounts one search answers at most, and by default. */
export const ACCOUNT_SEARCH_MAX_LIMIT = 50;
export const ACCOUNT_SEARCH_DEFAULT_LIMIT = 20;
/** How many recently used accounts are kept per user. */
export const RECENT_ACCOUNTS_KEPT = 8;

/** `GET /api/accounts?query=&limit=`: a part of the name or id, and how many at most. */
export const accountSearchQuerySchema = z
  .object({ query: singleQueryValue('query'), limit: singleQueryValue('limit') })
  .transform((raw, ctx) => {
    const query = (raw.query ?? '').trim();
    const limit = wholeNumberOf(raw.limit, ACCOUNT_SEARCH_DEFAULT_LIMIT);
    if (query.length > 100) {
      ctx.addIssue({ code: 'custom', message: 'query must be at most 100 characters' });
      return z.NEVER;
    }
    if (limit === undefined || limit < 1 || limit > ACCOUNT_SEARCH_MAX_LIMIT) {
      ctx.addIssue({
        code: 'custom',
        message: `limit must be a whole number from 1 to ${ACCOUNT_SEARCH_MAX_LIMIT}`,
      });
      return z.NEVER;
    }
    return { query, limit };
  });
export type AccountSearch = z.output<typeof accountSearchQuerySchema>;

/** `GET /api/accounts/recent`: the caller's own account and the last used ones, newest first. */
export const recentAccountsSchema = z.object({
  own: accountChoiceSchema,
  recent: accountChoiceListSchema,
});
export type RecentAccounts = z.infer<typeof recentAccountsSchema>;

/** `PUT /api/accounts/recent/:accountId`: the account just picked. */
export const accountIdParamsSchema = z.object({
  accountId: z.string().regex(ACCOUNT_ID_PATTERN, { error: 'That is not an account id.' }),
});
