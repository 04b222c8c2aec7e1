import { local } from '../storage/storage.js';

/**
 * Idle sign-out (issue 11): the time of the user's last activity, shared by every tab of the
 * portal through local storage, and the place to come back to after an idle sign-out.
 * See docs/decisions/0020-idle-sign-out.md.
 */

/** Epoch ms of the last activity in any tab. */
export const LAST_ACTIVITY_KEY = 'portico.idle.last_activity';
/** { path, savedAt }: where an idle sign-out left the user; the next sign-in returns there. */
export const IDLE_RETURN_KEY = 'portico.idle.return_path';

/** The warning shows for the last minute (half the time for timeouts under two minutes). */
export function warningMsFor(timeoutMs: number): number {
  return Math.min(60_000, Math.floor(timeoutMs / 2));
}

/** A remembered place older than this is not worth returning to (a provider session is 8 h). */
const RETURN_PATH_MAX_AGE_MS = 12 * 60 * 60 * 1000;

export function recordActivity(now: number = Date.now()): void {
  // Never move the shared clock backwards (another tab may have recorded later activity).
  const previous = lastActivity();
  if (previous !== null && previous >= now) return;
  local.set(LAST_ACTIVITY_KEY, String(now));
}

export function lastActivity(): number | null {
  const raw = local.get(LAST_ACTIVITY_KEY);
  if (raw === null) return null;
  const value = Number(raw);
  return Number.isFinite(value) && value > 0 ? value : null;
}

/**
 * Milliseconds left before idle sign-out, counted from the latest activity of any tab (or from
 * `startedAt` when no activity was recorded yet).
 */
export function idleRemainingMs(
  timeoutMs: number,
  startedAt: number,
  now: number = Date.now(),
): number {
  const last = Math.max(lastActivity() ?? 0, startedAt);
  return last + timeoutMs - now;
}

interface ReturnPath {
  path: string;
  savedAt: number;
}

const isReturnPath = (value: unknown): value is ReturnPath =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as ReturnPath).path === 'string' &&
  typeof (value as ReturnPath).savedAt === 'number';

export function rememberIdleReturnPath(path: string, now: number = Date.now()): void {
  local.setJson(IDLE_RETURN_KEY, { path, savedAt: now } satisfies ReturnPath);
}

/** The remembered place (path + query), once: reading it forgets it. */
export function takeIdleReturnPath(now: number = Date.now()): string | null {
  const value = local.getJson(IDLE_RETURN_KEY, isReturnPath);
  local.remove(IDLE_RETURN_KEY);
  if (!value || now - value.savedAt > RETURN_PATH_MAX_AGE_MS || now < value.savedAt) return null;
  return value.path;
}
