import { z } from 'zod';

/** One optional query-string value; a repeated parameter arrives as a list and is refused. */
export function singleQueryValue(name: string) {
  return z.string({ error: `${name} must be given once, as text` }).optional();
}

/** The fallback when absent; the number for 1-9 digits; undefined for anything else. */
export function wholeNumberOf(value: string | undefined, fallback: number): number | undefined {
  if (value === undefined || value === '') return fallback;
  return /^\d{1,9}$/.test(value) ? Number(value) : undefined;
}

/** An ISO yyyy-mm-dd calendar date that exists (2026-02-30 does not). */
export function isRealIsoDate(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return (
    year >= 1000 &&
    date.getUTCFullYear() === year &&
    date.getUTCMonth() === month - 1 &&
    date.getUTCDate() === day
  );
}

/** Account ids are short text keys (acc-…); anything else cannot name an account. */
export const ACCOUNT_ID_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$/;
