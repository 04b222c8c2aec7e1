import { z } from 'zod';

/** Every API error body: a readable message, and the status repeated for clients that log it. */
export const apiErrorSchema = z.object({
  statusCode: z.number().int(),
  error: z.string(),
  message: z.string(),
});
export type ApiError = z.infer<typeof apiErrorSchema>;
