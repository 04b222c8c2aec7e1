import type { z } from 'zod';
import { getConfig } from '../../config/runtime-config.js';
import {
  isIdentityRefusal,
  leavingForIdentityRefusal,
  showIdentityRefusal,
} from '../auth/identity-refusal.js';
import { login } from '../auth/session.js';
import { getAccessToken } from '../auth/tokens.js';
import {
  anyAnswer,
  hasKind,
  checkerLoaded,
  isDeferredSchema,
  whenSettled,
  type DeferredSchema,
} from './deferred-schema.js';
import { handleHttpError, type CatalogueOptions } from './error-catalogue.js';
import { HttpError } from './http-error.js';
import { filenameFromContentDisposition } from './content-disposition.js';
import { beginRequest } from './pending-requests.js';

/**
 * The HTTP client every feature uses (§6 last line, §7 "Request handling", §8).
 *
 * - Bearer: `Authorization: Bearer <access token>` only when a token is held AND the address
 *   contains the configured API marker (and is on an API origin; never the shared header,
 *   footer, sprite, support frames or other origins).
 * - Time-out: 20 000 ms (§9), combined with the caller's AbortSignal.
 * - 401: any 401 starts login with returnUrl = current path + encoded query, then the error
 *   goes on like any other (re-raised with handleErrors: false; catalogue otherwise).
 * - 403 with code identity_not_linked (ADR 0029): the refusal page instead of sign-in, and no
 *   catalogue notification.
 * - Errors (handleErrors, default true): the §8 catalogue shows a notification and the call
 *   resolves to null ("completes empty"). With handleErrors: false an HttpError is thrown.
 * - Responses are validated with the given zod schema; a mismatch is logged and handled as a
 *   500-class error (HttpError reason 'invalid-response'). A deferred schema (start-up calls,
 *   `deferred-schema.ts`) checks the answer once the page has settled and zod is at hand, and reports a
 *   mismatch the same way, after the answer was used.
 * - Caller cancellation (the caller's signal aborts) always rejects with the abort reason,
 *   so TanStack Query can cancel quietly.
 *
 * 204 No Content, and telling it from "error handled":
 * - with `allowNoContent: true`, a 204 resolves to the NO_CONTENT marker (never null), so
 *   `null` still means only "the error was handled":
 *     const r = await httpGet(url, successManagerSchema, { allowNoContent: true });
 *     if (r === NO_CONTENT) { ... 204 ... } else if (r === null) { ... failed ... } else { ... }
 * - without it, an empty body is validated as `null`: fine for a schema that accepts null,
 *   otherwise an 'invalid-response' error.
 */

export const REQUEST_TIMEOUT_MS = 20_000;

/** What a 204 resolves to when the call opted in with allowNoContent. */
export const NO_CONTENT: unique symbol = Symbol('NO_CONTENT');
export type NoContent = typeof NO_CONTENT;

export type QueryParams = Record<string, string | number | boolean | null | undefined>;

export interface HttpOptions extends CatalogueOptions {
  /** Query parameters; undefined, null and '' are dropped. */
  query?: QueryParams;
  signal?: AbortSignal;
  /** Default true: §8 catalogue + resolve null. false: throw HttpError. */
  handleErrors?: boolean;
  headers?: Record<string, string>;
  /** Resolve a 204 to NO_CONTENT instead of validating an empty body. */
  allowNoContent?: boolean;
}

type WithNoContent = HttpOptions & { allowNoContent: true };

export type HttpMethod = 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** A zod schema checked before the answer is used, or one checked once the page settles. */
export type ResponseSchema = z.ZodType | DeferredSchema<unknown>;
/** What a call with this schema resolves to. */
export type ResponseOf<S extends ResponseSchema> =
  S extends DeferredSchema<infer T> ? T : S extends z.ZodType ? z.output<S> : never;

/** The address with the non-empty query parameters appended, resolved against this origin. */
export function buildUrl(url: string, query?: QueryParams): URL {
  const target = new URL(url, window.location.origin);
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value === undefined || value === null || value === '') continue;
    target.searchParams.append(key, String(value));
  }
  return target;
}

const originOf = (base: string): string => new URL(base, window.location.origin).origin;
const hrefOf = (base: string): string => new URL(base, window.location.origin).href;

/** §6: does a request to this address carry the bearer token? */
export function carriesBearer(target: URL): boolean {
  const config = getConfig();
  if (!config.apiMarker) return false;
  const apiOrigins = new Set([config.apiBase, config.contentBase, config.newsBase].map(originOf));
  if (!apiOrigins.has(target.origin)) return false;
  const notApi = [config.sharedBase, config.supportFrameBase].filter((b) => b !== '').map(hrefOf);
  if (notApi.some((base) => target.href.startsWith(base))) return false;
  // The marker is looked for in the address itself, never in its query string.
  return `${target.origin}${target.pathname}`.includes(config.apiMarker);
}

/** Where to come back to after a 401: current path plus its (already encoded) query string. */
export function currentReturnUrl(): string {
  return `${window.location.pathname}${window.location.search}`;
}

const isNamed = (error: unknown, name: string): boolean =>
  typeof error === 'object' && error !== null && 'name' in error && error.name === name;

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text === '') return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

interface Sent {
  response: Response;
  url: URL;
}

async function send<T>(
  method: string,
  url: string,
  body: BodyInit | undefined,
  accept: string,
  options: HttpOptions,
  read: (sent: Sent) => Promise<T>,
): Promise<T> {
  const target = buildUrl(url, options.query);
  const headers = new Headers(options.headers);
  if (!headers.has('Accept')) headers.set('Accept', accept);
  if (typeof body === 'string' && !headers.has('Content-Type')) {
    headers.set('Content-Type', 'application/json');
  }
  const token = getAccessToken();
  if (token && carriesBearer(target)) headers.set('Authorization', `Bearer ${token}`);

  const timeout = AbortSignal.timeout(REQUEST_TIMEOUT_MS);
  const signal = options.signal ? AbortSignal.any([timeout, options.signal]) : timeout;
  const done = beginRequest();
  try {
    const response = await fetch(target, { method, headers, body, signal });
    // A request sent after an identity refusal removed the token is part of that refusal.
    if (response.status === 401 && leavingForIdentityRefusal()) {
      throw new HttpError(response.status, null, 'identity-refused');
    }
    if (response.status === 401) {
      login(currentReturnUrl()).catch((error: unknown) =>
        console.error('Sign-in could not be started after a 401', error),
      );
    }
    if (!response.ok) {
      const errorBody = await readBody(response);
      if (isIdentityRefusal(response.status, errorBody)) {
        showIdentityRefusal();
        throw new HttpError(response.status, errorBody, 'identity-refused');
      }
      const failure = new HttpError(response.status, errorBody);
      const retryAfter = Number(response.headers.get('retry-after') ?? Number.NaN);
      if (Number.isFinite(retryAfter) && retryAfter >= 0) failure.retryAfterS = retryAfter;
      throw failure;
    }
    return await read({ response, url: target });
  } catch (error) {
    throw toHttpError(error, options.signal);
  } finally {
    done();
  }
}

function toHttpError(error: unknown, callerSignal: AbortSignal | undefined): unknown {
  if (error instanceof HttpError) return error;
  // The caller cancelled: not an error to report.
  if (callerSignal?.aborted) return callerSignal.reason as unknown;
  if (isNamed(error, 'TimeoutError')) return new HttpError(408, null, 'timeout', { cause: error });
  return new HttpError(0, null, 'network', { cause: error });
}

function invalidResponse(url: URL, issues: unknown): HttpError {
  console.error(`Response from ${url.pathname} does not match its schema`, issues);
  return new HttpError(500, issues, 'invalid-response');
}

function validate<S extends ResponseSchema>(
  schema: S,
  data: unknown,
  url: URL,
  options: HttpOptions,
): ResponseOf<S> {
  if (schema === anyAnswer) return data as ResponseOf<S>;
  if (isDeferredSchema(schema)) {
    if (!hasKind(schema.kind, data)) {
      throw invalidResponse(url, [{ message: `Expected ${schema.kind}`, path: [] }]);
    }
    whenSettled(() => {
      schema
        .deferred()
        .then((loaded) => {
          const parsed = loaded.safeParse(data);
          if (parsed.success) return;
          const error = invalidResponse(url, parsed.error.issues);
          if (options.handleErrors !== false) handleHttpError(error, options);
        })
        .catch((error: unknown) => console.error(`Could not check ${url.pathname}`, error));
    });
    return data as ResponseOf<S>;
  }
  const parsed = schema.safeParse(data);
  checkerLoaded();
  if (parsed.success) return parsed.data as ResponseOf<S>;
  throw invalidResponse(url, parsed.error.issues);
}

async function readJson<S extends ResponseSchema>(
  { response, url }: Sent,
  schema: S,
  options: HttpOptions,
): Promise<ResponseOf<S> | NoContent> {
  if (response.status === 204 && options.allowNoContent) return NO_CONTENT;
  const text = await response.text();
  let data: unknown = null;
  if (text !== '') {
    try {
      data = JSON.parse(text);
    } catch {
      console.error(`Response from ${url.pathname} is not JSON`);
      throw new HttpError(500, text, 'invalid-response');
    }
  }
  return validate(schema, data, url, options);
}

async function settle<T>(options: HttpOptions, run: () => Promise<T>): Promise<T | null> {
  try {
    return await run();
  } catch (error) {
    if (options.signal?.aborted || options.handleErrors === false) throw error;
    // The refusal page explains it; a notification on the way there would only flash.
    if (error instanceof HttpError && error.reason === 'identity-refused') return null;
    return handleHttpError(error, options);
  }
}

/** GET a JSON resource validated by `schema`; null when an error was handled (§8). */
export function httpGet<S extends ResponseSchema>(
  url: string,
  schema: S,
  options: WithNoContent,
): Promise<ResponseOf<S> | NoContent | null>;
export function httpGet<S extends ResponseSchema>(
  url: string,
  schema: S,
  options?: HttpOptions,
): Promise<ResponseOf<S> | null>;
export function httpGet<S extends ResponseSchema>(
  url: string,
  schema: S,
  options: HttpOptions = {},
): Promise<ResponseOf<S> | NoContent | null> {
  return settle(options, () =>
    send('GET', url, undefined, 'application/json', options, (sent) =>
      readJson(sent, schema, options),
    ),
  );
}

/**
 * GET of data the caller cannot do without (a page's data, a count it shows): every failure
 * is thrown as an HttpError for the caller's error state with a retry (issue 27, ADR 0049),
 * never handled by the §8 catalogue and never null.
 */
export async function httpGetData<S extends ResponseSchema>(
  url: string,
  schema: S,
  options: Omit<HttpOptions, 'handleErrors' | 'allowNoContent'> = {},
): Promise<ResponseOf<S>> {
  const data = await httpGet(url, schema, { ...options, handleErrors: false });
  // With handleErrors: false the client throws instead of resolving null; be explicit anyway.
  if (data === null) throw new HttpError(500, null, 'invalid-response');
  return data;
}

/** GET a JSON list plus its X-Total-Count header (the body length when the header is absent). */
export function httpGetWithTotal<S extends ResponseSchema>(
  url: string,
  schema: S,
  options: HttpOptions = {},
): Promise<{ data: ResponseOf<S>; total: number } | null> {
  const plain = { ...options, allowNoContent: false };
  return settle(plain, () =>
    send('GET', url, undefined, 'application/json', plain, async (sent) => {
      const data = await readJson(sent, schema, plain);
      if (data === NO_CONTENT) throw new HttpError(204, null, 'invalid-response');
      const header = sent.response.headers.get('X-Total-Count');
      const counted = header === null || header.trim() === '' ? NaN : Number(header);
      const total = Number.isFinite(counted) ? counted : Array.isArray(data) ? data.length : 0;
      return { data, total };
    }),
  );
}

/** POST/PUT/PATCH/DELETE with an optional JSON body; the answer is validated by `schema`. */
export function httpSend<S extends ResponseSchema>(
  method: HttpMethod,
  url: string,
  body: unknown,
  schema: S,
  options: WithNoContent,
): Promise<ResponseOf<S> | NoContent | null>;
export function httpSend<S extends ResponseSchema>(
  method: HttpMethod,
  url: string,
  body: unknown,
  schema: S,
  options?: HttpOptions,
): Promise<ResponseOf<S> | null>;
export function httpSend<S extends ResponseSchema>(
  method: HttpMethod,
  url: string,
  body: unknown,
  schema: S,
  options: HttpOptions = {},
): Promise<ResponseOf<S> | NoContent | null> {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return settle(options, () =>
    send(method, url, payload, 'application/json', options, (sent) =>
      readJson(sent, schema, options),
    ),
  );
}

/** POST a multipart form (a file upload); the browser sets the content type and boundary. */
export function httpUpload<S extends ResponseSchema>(
  url: string,
  form: FormData,
  schema: S,
  options: HttpOptions = {},
): Promise<ResponseOf<S> | null> {
  const plain = { ...options, allowNoContent: false };
  return settle(plain, () =>
    send('POST', url, form, 'application/json', plain, async (sent) => {
      const data = await readJson(sent, schema, plain);
      if (data === NO_CONTENT) throw new HttpError(204, null, 'invalid-response');
      return data;
    }),
  );
}

/** GET a text resource (shared header/footer HTML, the icon sprite); null when handled. */
export function httpText(url: string, options: HttpOptions = {}): Promise<string | null> {
  return settle(options, () =>
    send('GET', url, undefined, 'text/html, image/svg+xml, text/plain, */*', options, (sent) =>
      sent.response.text(),
    ),
  );
}

/** A file fetched by httpDownload: its bytes and the name the server suggested, if any. */
export interface DownloadedFile {
  blob: Blob;
  filename: string | null;
}

/**
 * GET a file with the bearer rule of every call (a plain link cannot carry the token), as a
 * Blob plus the name from Content-Disposition; null when an error was handled (§8).
 */
export function httpDownload(
  url: string,
  options: HttpOptions = {},
): Promise<DownloadedFile | null> {
  return settle(options, () =>
    send('GET', url, undefined, '*/*', options, async ({ response }) => ({
      blob: await response.blob(),
      filename: filenameFromContentDisposition(response.headers.get('Content-Disposition')),
    })),
  );
}
