import { z } from 'zod';

/**
 * `GET {api}/support/frame-token` (issue 5, docs/decisions/0005): a short-lived token the SPA
 * appends as `t` to a built-in support desk frame address; `expiresIn` is in seconds.
 */
export const supportFrameTokenSchema = z.object({
  token: z.string().min(1),
  expiresIn: z.number().int().positive(),
});
export type SupportFrameToken = z.infer<typeof supportFrameTokenSchema>;

/**
 * A support case's status as a code (§2 track-cases; the desk stores the English name and its
 * address filters by these codes, `?status=in-progress`). Shown through labels, never raw.
 */
export const caseStatusCodes = [
  'new',
  'in-progress',
  'awaiting-info',
  'resolved',
  'closed',
] as const;
export const caseStatusCodeSchema = z.enum(caseStatusCodes);
export type CaseStatusCode = z.infer<typeof caseStatusCodeSchema>;

/**
 * `GET {api}/support/cases/download` (§5, §6): every case of the caller's account as a CSV
 * file (text/csv, UTF-8 with a byte-order mark, CRLF line ends, a header row first).
 */
export const supportCasesCsvSchema = z
  .string()
  .describe(
    'CSV: a header row (Case number, Short description, Description, Category, Priority, Status, Created by, Created, Updated), then one case per row.',
  );

/**
 * §7 `GET portals` (response not shown in the spec): `GET {api}/support/portals`, the other
 * support portals (§1 "other portals"): a name, what it is for and where it lives. The
 * services' portals page (§2, framed) lists the same portals (ADR 0070).
 */
export const supportPortalSchema = z.object({
  id: z.string(),
  name: z.string().min(1),
  description: z.string(),
  /** An absolute http(s) address; it opens in a new window. */
  url: z.url({ protocol: /^https?$/ }),
});
export type SupportPortal = z.infer<typeof supportPortalSchema>;
export const supportPortalListSchema = z.array(supportPortalSchema);
