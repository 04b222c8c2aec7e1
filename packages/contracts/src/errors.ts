import { z } from 'zod';
import { BLANK_PROBLEM_TYPE, PROBLEM_TYPES } from './values.js';

/** One bad field of a request body: its path (dots between levels) and a message for a person. */
export const fieldErrorSchema = z.object({
  field: z.string(),
  message: z.string(),
});
export type FieldError = z.infer<typeof fieldErrorSchema>;

/** Every API error body: RFC 9457 problem details, plus the field errors the forms show (§5). */
export const problemSchema = z
  .object({
    type: z
      .string()
      .describe(
        `The kind of problem: \`${BLANK_PROBLEM_TYPE}\` (the HTTP status says it all), \`${PROBLEM_TYPES.validation}\` or \`${PROBLEM_TYPES.identityNotLinked}\`.`,
      ),
    title: z.string().describe('A short summary of the kind (the status phrase for about:blank).'),
    status: z.number().int().min(400).max(599).describe('The HTTP status, repeated for logs.'),
    detail: z.string().describe('What went wrong with this request, written for the caller.'),
    instance: z.string().optional().describe('The path of the request that failed.'),
    errors: z
      .array(fieldErrorSchema)
      .optional()
      .describe('The fields of the request that are not valid, each with its message.'),
  })
  // Its name in the OpenAPI document (/api/openapi.json), where every error response refers to it.
  .meta({ id: 'Problem' });
export type Problem = z.infer<typeof problemSchema>;
