import { z } from 'zod';

/** Every API error body: a readable message, and the status repeated for clients that log it. */
export const apiErrorSchema = z
  .object({
    statusCode: z.number().int(),
    error: z.string(),
    message: z.string(),
    /** Field name → message, when the body of the request had bad fields (user forms, §5). */
    fieldErrors: z.record(z.string(), z.string()).optional(),
    /** A machine-readable reason, for answers a client handles on their own (see below). */
    code: z.string().optional(),
  })
  // Its name in the OpenAPI document (/api/openapi.json), where every error response refers to it.
  .meta({ id: 'ApiError' });
export type ApiError = z.infer<typeof apiErrorSchema>;
