import { z } from 'zod';

/** The part of the profile (§3) the default header uses; the cookie carries the whole profile. */
const headerUserSchema = z.object({
  firstName: z.string().trim().max(200).optional(),
  lastName: z.string().trim().max(200).optional(),
  permissions: z.array(z.string()).optional(),
  /** Issue 12: the header's texts follow the profile's language. */
  language: z.string().trim().max(20).optional(),
});
export type HeaderUser = z.infer<typeof headerUserSchema>;

export function cookieValue(cookieHeader: string | undefined, name: string): string | undefined {
  if (!cookieHeader) return undefined;
  for (const part of cookieHeader.split(';')) {
    const eq = part.indexOf('=');
    if (eq === -1 || part.slice(0, eq).trim() !== name) continue;
    const raw = part.slice(eq + 1).trim();
    return raw.startsWith('"') && raw.endsWith('"') && raw.length >= 2 ? raw.slice(1, -1) : raw;
  }
  return undefined;
}

/**
 * The profile the SPA hands to the header as the cookie `USER` (§1): URI-encoded JSON.
 * Anything malformed counts as no user: the header then simply has no greeting.
 */
export function readUserCookie(cookieHeader: string | undefined): HeaderUser | null {
  const raw = cookieValue(cookieHeader, 'USER');
  if (!raw) return null;
  try {
    const parsed = headerUserSchema.safeParse(JSON.parse(decodeURIComponent(raw)));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
