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
