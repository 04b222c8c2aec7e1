import type { z } from 'zod';
import { DomainError } from '../../lib/errors.js';

/** The federated sources of issue 4; each answers on its own and fails on its own. */
export type SearchSourceId = 'product' | 'community' | 'support' | 'university';

/**
 * One search count source behind one interface (issue 4): a built-in connector over our own
 * tables, or an HTTP connector over an external count address, chosen by configuration.
 */
export interface SearchSource<Criteria, Counts> {
  readonly id: SearchSourceId;
  /** 'built-in' or 'http', for logs. */
  readonly kind: 'built-in' | 'http';
  count(criteria: Criteria): Promise<Counts>;
}

/**
 * A source that failed: unreachable, too slow, or answering something else than counts.
 * 502 (504 when it timed out) when a single-source endpoint surfaces it; the combined count
 * reports it per source instead. The message is written for the caller.
 */
export class SearchSourceError extends DomainError {
  readonly statusCode: 502 | 504;

  constructor(
    readonly source: SearchSourceId,
    message: string,
    options?: ErrorOptions & { timedOut?: boolean },
  ) {
    super(message, options);
    this.statusCode = options?.timedOut ? 504 : 502;
  }
}

const LABELS: Record<SearchSourceId, string> = {
  product: 'The product content search',
  community: 'The community search',
  support: 'The support system search',
  university: 'The learning platform search',
};

export interface HttpSearchSourceOptions<Criteria, Counts> {
  id: SearchSourceId;
  /** The external count address; the criteria are added as query parameters. */
  url: string;
  timeoutMs: number;
  params(criteria: Criteria): Record<string, string>;
  /** The answer's shape; anything else is this source's error. */
  schema: z.ZodType<Counts>;
  fetch?: typeof fetch;
}

/**
 * The HTTP connector: GET {url}?{params} with a time-out covering the whole exchange (the
 * answer's body included), validated with zod. Every failure becomes a SearchSourceError of
 * this source, so a caller can tolerate it without knowing how the source is reached.
 */
export function httpSearchSource<Criteria, Counts>(
  options: HttpSearchSourceOptions<Criteria, Counts>,
): SearchSource<Criteria, Counts> {
  const label = LABELS[options.id];
  const doFetch = options.fetch ?? fetch;
  const fail = (message: string, cause?: unknown): SearchSourceError => {
    const timedOut = cause instanceof Error && cause.name === 'TimeoutError';
    return new SearchSourceError(
      options.id,
      timedOut ? `${label} did not answer within ${options.timeoutMs} ms.` : message,
      { cause, timedOut },
    );
  };
  return {
    id: options.id,
    kind: 'http',
    async count(criteria) {
      const url = new URL(options.url);
      for (const [key, value] of Object.entries(options.params(criteria))) {
        url.searchParams.set(key, value);
      }
      const signal = AbortSignal.timeout(options.timeoutMs);
      let body: unknown;
      try {
        const response = await doFetch(url, { signal, headers: { accept: 'application/json' } });
        if (!response.ok) {
          await response.body?.cancel();
          throw fail(`${label} answered with status ${response.status}.`);
        }
        body = await response.json();
      } catch (error) {
        if (error instanceof SearchSourceError) throw error;
        if (error instanceof SyntaxError) throw fail(`${label} answered with invalid JSON.`, error);
        throw fail(`${label} could not be reached.`, error);
      }
      const parsed = options.schema.safeParse(body);
      if (!parsed.success) throw fail(`${label} answered in an unexpected shape.`, parsed.error);
      return parsed.data;
    },
  };
}

/** Runs a built-in count, turning any database failure into this source's own error. */
export function builtInSearchSource<Criteria, Counts>(
  id: SearchSourceId,
  count: (criteria: Criteria) => Promise<Counts>,
): SearchSource<Criteria, Counts> {
  return {
    id,
    kind: 'built-in',
    async count(criteria) {
      try {
        return await count(criteria);
      } catch (error) {
        throw new SearchSourceError(id, `${LABELS[id]} failed.`, { cause: error });
      }
    },
  };
}
