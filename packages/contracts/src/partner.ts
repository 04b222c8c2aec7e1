import { z } from 'zod';
import { displayNameSchema } from './display-name.js';

/** §7 partner accounts: one customer account of the caller's partner account. */
export const customerAccountSchema = z.object({
  id: z.string(),
  name: displayNameSchema,
  enterpriseCustomerId: z.string().nullable(),
  dynamicsCustomerId: z.string().nullable(),
});
export type CustomerAccount = z.infer<typeof customerAccountSchema>;
export const customerAccountListSchema = z.array(customerAccountSchema);
