import { z } from 'zod';
import { displayNameSchema } from './display-name.js';

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
