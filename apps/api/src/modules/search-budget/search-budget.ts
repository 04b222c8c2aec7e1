import type { FastifyInstance, FastifyRequest } from 'fastify';
import { callerIdOf } from '../../lib/caller.js';
import { TooManyRequestsError } from '../../lib/errors.js';
import type { Queryable } from '../../db/db.js';
import { reserveSearchCalls, type SearchCallReservation } from './search-budget.repository.js';

/**
 * The per-user search budget (issue 34, ADR 0061): news searches and the search page's count
 * calls each spend one call of `SEARCH_RATE_LIMIT` per minute. Counted in the database, so
 * every instance sees the same budget, as with the sign-in limit.
 */
export const SEARCH_WINDOW_SECONDS = 60;

export function searchBudgetMessage(seconds: number): string {
  return `You have searched too often in a short time. Please wait ${seconds} seconds and try again.`;
}

interface Waiting {
  resolve: (reservation: SearchCallReservation) => void;
  reject: (error: unknown) => void;
}

/** Per database and budget key: the calls waiting for the next reservation. */
const waitingCalls = new WeakMap<Queryable, Map<string, Waiting[]>>();

/**
 * One reservation in flight per key and instance: the results page asks four calls at once,
 * all from one user's row. The first is reserved at once; the calls that come while it is
 * in flight wait for it (they would wait on the row's lock anyway) and are reserved together
 * in one statement, so the row takes two writes, not four (issue 38). Near the limit a
 * refused group is asked again one by one, so exactly as many pass as one by one.
 */
function reserve(
  db: Queryable,
  key: string,
  limit: number,
  windowSeconds: number,
): Promise<SearchCallReservation> {
  let byKey = waitingCalls.get(db);
  if (!byKey) {
    byKey = new Map();
    waitingCalls.set(db, byKey);
  }
  const keys = byKey;
  return new Promise((resolve, reject) => {
    const waiting = keys.get(key);
    if (waiting) {
      waiting.push({ resolve, reject });
      return;
    }
    const queue: Waiting[] = [{ resolve, reject }];
    keys.set(key, queue);
    void (async () => {
      while (queue.length > 0) {
        const group = queue.splice(0, Math.min(queue.length, limit));
        try {
          let answers = await reserveSearchCalls(db, key, limit, windowSeconds, group.length);
          if (group.length > 1 && answers[0]?.calls === null) {
            answers = [];
            for (let i = 0; i < group.length; i += 1) {
              answers.push(...(await reserveSearchCalls(db, key, limit, windowSeconds)));
            }
          }
          group.forEach((call, i) => {
            const answer = answers[i];
            if (answer) call.resolve(answer);
            else call.reject(new Error('no reservation answered'));
          });
        } catch (error) {
          for (const call of group) call.reject(error);
        }
      }
      keys.delete(key);
    })();
  });
}

/** Spends one search call of the user's budget, or throws 429 with the seconds to wait. */
export async function spendSearchCall(app: FastifyInstance, userId: string): Promise<void> {
  const { calls, secondsLeft } = await reserve(
    app.db,
    `search:${userId}`,
    app.env.SEARCH_RATE_LIMIT,
    SEARCH_WINDOW_SECONDS,
  );
  if (calls === null) throw new TooManyRequestsError(searchBudgetMessage(secondsLeft), secondsLeft);
}

/**
 * A route's preHandler that spends a call for each request `isSearch` says is one (every
 * request by default). It runs after the route's schema and the parameter check, so a
 * request refused as invalid costs nothing.
 */
export function searchBudgetHook(
  app: FastifyInstance,
  isSearch: (request: FastifyRequest) => boolean = () => true,
): (request: FastifyRequest) => Promise<void> {
  return async (request) => {
    if (isSearch(request)) await spendSearchCall(app, callerIdOf(request));
  };
}

/** A news list request with search text (a plain page of news is not a search). */
export function hasSearchText(request: FastifyRequest): boolean {
  const { query } = request.query as { query?: unknown };
  return typeof query === 'string' && query !== '';
}
