import { z } from 'zod';

export { isRealIsoDate } from './dates.js';

/** One optional query-string value; a repeated parameter arrives as a list and is refused. */
export function singleQueryValue(name: string) {
  return z.string({ error: `${name} must be given once, as text` }).optional();
}

/**
 * In a query schema's transform: reports `message` as the query's problem (a 400 with that
 * text) and ends the transform, `return fail('…')`.
 */
export function failWith(ctx: z.RefinementCtx): (message: string) => typeof z.NEVER {
  return (message) => {
    ctx.addIssue({ code: 'custom', message });
    return z.NEVER;
  };
}

/** The fallback when absent; the number for 1-9 digits; undefined for anything else. */
export function wholeNumberOf(value: string | undefined, fallback: number): number | undefined {
  if (value === undefined || value === '') return fallback;
  return /^\d{1,9}$/.test(value) ? Number(value) : undefined;
}

/** Account ids are short text keys (acc-…); anything else cannot name an account. */
export const ACCOUNT_ID_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$/;
