import { z } from 'zod';

/** The fields of an OpenID provider's discovery document that sign-in and sign-out use. */
export const discoverySchema = z.object({
  issuer: z.string(),
  authorization_endpoint: z.string(),
  token_endpoint: z.string().optional(),
  jwks_uri: z.string(),
  end_session_endpoint: z.string().optional(),
});
export type ProviderMetadata = z.infer<typeof discoverySchema>;
