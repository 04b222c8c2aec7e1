import { usePendingRequestStore } from './pending-requests.js';

/**
 * A response schema that is loaded once the page has settled (ADR 0047, issue 25): zod and
 * the contracts' schemas are about 22 KB Brotli, too much for the start-up path of `/news`.
 * The server checks each of these answers against the very same schema before it sends them
 * (fastify-type-provider-zod's serializer), so the start-up calls (configuration, profile,
 * labels, products, the news list, the bell) use the answer at once and check it here once
 * the page is quiet and the checker is at hand: zod is never fetched for these checks alone
 * (issue 25: what the server has checked need not be checked again on the start-up path), but
 * the first call that checks its answer at once brings it, and the waiting checks then run.
 * A mismatch is reported as an invalid answer (logged, §8 notification); every other call
 * still checks its answer before use.
 *
 * Only for schemas without transforms or defaults: the answer is used as sent. Its top-level
 * kind (a list or an object) is checked at once, so an answer of the wrong shape fails as an
 * invalid answer before any code walks it.
 */
export interface DeferredSchema<T> {
  readonly kind: AnswerKind;
  readonly deferred: () => Promise<AnswerCheck<T>>;
}

export type AnswerKind = 'list' | 'object' | 'any';

/** What a deferred check needs of a schema (a zod schema is one). */
export interface AnswerCheck<T> {
  safeParse(
    data: unknown,
  ): { success: true; data: T } | { success: false; error: { issues: readonly unknown[] } };
}

export const deferredSchema = <T>(
  kind: AnswerKind,
  load: () => Promise<AnswerCheck<T>>,
): DeferredSchema<T> => ({ kind, deferred: load });

/** Is the answer of the kind the schema expects (checked before the answer is used)? */
export function hasKind(kind: AnswerKind, data: unknown): boolean {
  if (kind === 'list') return Array.isArray(data);
  if (kind === 'object') return typeof data === 'object' && data !== null && !Array.isArray(data);
  return true;
}

/** For answers whose body nobody reads (a 204, or an acknowledgement): nothing to load. */
export const anyAnswer: DeferredSchema<unknown> = deferredSchema('any', () =>
  Promise.resolve({ safeParse: (data: unknown) => ({ success: true, data }) }),
);

export function isDeferredSchema(schema: unknown): schema is DeferredSchema<unknown> {
  return typeof schema === 'object' && schema !== null && 'deferred' in schema;
}

/** How long no request may be in flight before the page counts as settled. */
export const SETTLED_AFTER_MS = 1000;

/** Waiting for a quiet page; checks also wait for the checker. */
const quietWaiting: (() => void)[] = [];
const checkWaiting: (() => void)[] = [];
let timer: ReturnType<typeof setTimeout> | undefined;
let watching = false;
let checkerAtHand = false;

function runWaiting(): void {
  timer = undefined;
  const due = [...quietWaiting.splice(0), ...(checkerAtHand ? checkWaiting.splice(0) : [])];
  for (const run of due) run();
}

function arm(count: number): void {
  if (timer !== undefined) clearTimeout(timer);
  timer = undefined;
  const anything = quietWaiting.length > 0 || (checkerAtHand && checkWaiting.length > 0);
  if (count === 0 && anything) timer = setTimeout(runWaiting, SETTLED_AFTER_MS);
}

function watch(): void {
  if (!watching) {
    watching = true;
    usePendingRequestStore.subscribe((state) => arm(state.count));
  }
  arm(usePendingRequestStore.getState().count);
}

/** Runs `run` once no request has been in flight for SETTLED_AFTER_MS (after the first screen). */
export function whenQuiet(run: () => void): void {
  quietWaiting.push(run);
  watch();
}

/**
 * Runs `check` once the checker's code is at hand (`checkerLoaded`) and no request has been in
 * flight for SETTLED_AFTER_MS: never a download of its own, never while the page is loading.
 */
export function whenSettled(check: () => void): void {
  checkWaiting.push(check);
  watch();
}

/** A call has just checked its answer with zod: the waiting checks can use it too. */
export function checkerLoaded(): void {
  if (checkerAtHand) return;
  checkerAtHand = true;
  watch();
}

/** Tests: back to a page whose checker has not been loaded, with nothing waiting. */
export function resetDeferredChecks(): void {
  checkerAtHand = false;
  quietWaiting.length = 0;
  checkWaiting.length = 0;
  if (timer !== undefined) clearTimeout(timer);
  timer = undefined;
}
