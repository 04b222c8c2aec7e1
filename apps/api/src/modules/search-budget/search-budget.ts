import type { FastifyInstance, FastifyRequest } from 'fastify';
import { callerIdOf } from '../../lib/caller.js';
import { TooManyRequestsError } from '../../lib/errors.js';
import { reserveSearchCall } from './search-budget.repository.js';

/**
 * The per-user search budget (issue 34, ADR 0061): news searches and the search page's count
 * calls each spend one call of `SEARCH_RATE_LIMIT` per minute. Counted in the database, so
 * every instance sees the same budget, as with the sign-in limit.
 */
export const SEARCH_WINDOW_SECONDS = 60;

export function searchBudgetMessage(seconds: number): string {
  return `You have searched too often in a short time. Please wait ${seconds} seconds and try again.`;
}

/** Spends one search call of the user's budget, or throws 429 with the seconds to wait. */
export async function spendSearchCall(app: FastifyInstance, userId: string): Promise<void> {
  const { calls, secondsLeft } = await reserveSearchCall(
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
