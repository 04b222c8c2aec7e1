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

/**
 * One budget key's calls waiting for the next reservation on one database, and the loop that
 * reserves them group by group while any wait; `done` runs in the same turn as the loop finds
 * none left, so a call that comes later starts a new queue.
 */
class ReservationQueue {
  private readonly waiting: Waiting[] = [];

  constructor(
    private readonly db: Queryable,
    private readonly key: string,
    private readonly limit: number,
    private readonly windowSeconds: number,
  ) {}

  add(): Promise<SearchCallReservation> {
    return new Promise((resolve, reject) => this.waiting.push({ resolve, reject }));
  }

  async drain(done: () => void): Promise<void> {
    while (this.waiting.length > 0) {
      const group = this.waiting.splice(0, Math.min(this.waiting.length, this.limit));
      try {
        const answers = await this.reserveGroup(group.length);
        group.forEach((call, i) => {
          const answer = answers[i];
          if (answer) call.resolve(answer);
          else call.reject(new Error('no reservation answered'));
        });
      } catch (error) {
        for (const call of group) call.reject(error);
      }
    }
    done();
  }

  /** All or none in one statement; a refused group is asked again one by one. */
  private async reserveGroup(size: number): Promise<SearchCallReservation[]> {
    const { db, key, limit, windowSeconds } = this;
    const answers = await reserveSearchCalls(db, key, limit, windowSeconds, size);
    if (size === 1 || answers[0]?.calls !== null) return answers;
    const singles: SearchCallReservation[] = [];
    for (let i = 0; i < size; i += 1) {
      singles.push(...(await reserveSearchCalls(db, key, limit, windowSeconds)));
    }
    return singles;
  }
}

/** Per database and budget key: the queue of the reservation in flight. */
const queues = new WeakMap<Queryable, Map<string, ReservationQueue>>();

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
  let byKey = queues.get(db);
  if (!byKey) {
    byKey = new Map();
    queues.set(db, byKey);
  }
  const inFlight = byKey.get(key);
  if (inFlight) return inFlight.add();
  const queue = new ReservationQueue(db, key, limit, windowSeconds);
  byKey.set(key, queue);
  const answer = queue.add();
  const keys = byKey;
  void queue.drain(() => keys.delete(key));
  return answer;
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
