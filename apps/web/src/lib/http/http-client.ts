import type { z } from 'zod';
import { getConfig } from '../../config/runtime-config.js';
import { isIdentityRefusal, leavingForIdentityRefusal } from '../auth/identity-refusal.js';
import { getAccessToken } from '../auth/tokens.js';
import {
  anyAnswer,
  hasKind,
  checkerLoaded,
  isDeferredSchema,
  whenSettled,
  type DeferredSchema,
} from './deferred-schema.js';
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
 * - Every failure is thrown as an `HttpError` carrying the API's problem details (RFC 9457,
 *   ADR 0065): a non-2xx answer, a time-out (408), no answer (0), an answer that does not match
 *   its schema ('invalid-response'), a 403 identity refusal ('identity-refused', ADR 0029).
 *   Nothing resolves to null for "failed". What a failure shows (sign-in for a 401, the refusal
 *   page, a notification, the page's error state, a form's field errors) is decided in one place
 *   above this client: `failure-handling.ts`.
 * - Responses are validated with the given zod schema. A deferred schema (start-up calls,
 *   `deferred-schema.ts`) checks the answer once the page has settled and zod is at hand; a
 *   mismatch found then goes to the late-failure reporter (the one handler).
 * - Caller cancellation (the caller's signal aborts) always rejects with the abort reason,
 *   so TanStack Query can cancel quietly.
 * - 204 No Content: `httpSendNoContent` declares a call without an answer body and resolves
 *   `undefined`; a GET with `allowNoContent: true` resolves `undefined` for a 204 (e.g. "the
 *   account has no manager"). Otherwise an empty body is validated as `null`.
 */

export const REQUEST_TIMEOUT_MS = 20_000;

export type QueryParams = Record<string, string | number | boolean | null | undefined>;

export interface HttpOptions {
  /** Query parameters; undefined, null and '' are dropped. */
  query?: QueryParams;
  signal?: AbortSignal;
  headers?: Record<string, string>;
  /** Resolve a 204 to undefined instead of validating an empty body. */
  allowNoContent?: boolean;
}

type WithNoContent = HttpOptions & { allowNoContent: true };

/** Where a failure found after the answer was used goes (a deferred schema's mismatch). */
let reportLateFailure: (error: HttpError) => void = () => undefined;

/** The one failure handler registers itself here (`failure-handling.ts`). */
export function setLateFailureReporter(report: (error: HttpError) => void): void {
  reportLateFailure = report;
}

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
    if (!response.ok) {
      const errorBody = await readBody(response);
      if (isIdentityRefusal(response.status, errorBody)) {
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

function validate<S extends ResponseSchema>(schema: S, data: unknown, url: URL): ResponseOf<S> {
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
          reportLateFailure(invalidResponse(url, parsed.error.issues));
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
): Promise<ResponseOf<S> | undefined> {
  if (response.status === 204 && options.allowNoContent) return undefined;
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
  return validate(schema, data, url);
}

/** A JSON answer that must be there (no 204 accepted in its place). */
async function readRequiredJson<S extends ResponseSchema>(
  sent: Sent,
  schema: S,
  options: HttpOptions,
): Promise<ResponseOf<S>> {
  const data = await readJson(sent, schema, { ...options, allowNoContent: false });
  return data as ResponseOf<S>;
}

/** GET a JSON resource validated by `schema`; every failure is thrown (HttpError). */
export function httpGet<S extends ResponseSchema>(
  url: string,
  schema: S,
  options: WithNoContent,
): Promise<ResponseOf<S> | undefined>;
export function httpGet<S extends ResponseSchema>(
  url: string,
  schema: S,
  options?: HttpOptions,
): Promise<ResponseOf<S>>;
export function httpGet<S extends ResponseSchema>(
  url: string,
  schema: S,
  options: HttpOptions = {},
): Promise<ResponseOf<S> | undefined> {
  return send('GET', url, undefined, 'application/json', options, (sent) =>
    readJson(sent, schema, options),
  );
}

/** GET a JSON list plus its X-Total-Count header (the body length when the header is absent). */
export function httpGetWithTotal<S extends ResponseSchema>(
  url: string,
  schema: S,
  options: HttpOptions = {},
): Promise<{ data: ResponseOf<S>; total: number }> {
  return send('GET', url, undefined, 'application/json', options, async (sent) => {
    const data = await readRequiredJson(sent, schema, options);
    const header = sent.response.headers.get('X-Total-Count');
    const counted = header === null || header.trim() === '' ? NaN : Number(header);
    const total = Number.isFinite(counted) ? counted : Array.isArray(data) ? data.length : 0;
    return { data, total };
  });
}

/** POST/PUT/PATCH/DELETE with an optional JSON body; the answer is validated by `schema`. */
export function httpSend<S extends ResponseSchema>(
  method: HttpMethod,
  url: string,
  body: unknown,
  schema: S,
  options: HttpOptions = {},
): Promise<ResponseOf<S>> {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return send(method, url, payload, 'application/json', options, (sent) =>
    readRequiredJson(sent, schema, options),
  );
}

/**
 * POST/PUT/PATCH/DELETE of a call that declares no answer body (a 204): resolves `undefined`
 * once the server said yes; whatever body a 2xx carries is not read.
 */
export function httpSendNoContent(
  method: HttpMethod,
  url: string,
  body?: unknown,
  options: HttpOptions = {},
): Promise<undefined> {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return send(method, url, payload, 'application/json', options, () => Promise.resolve(undefined));
}

/** POST a multipart form (a file upload); the browser sets the content type and boundary. */
export function httpUpload<S extends ResponseSchema>(
  url: string,
  form: FormData,
  schema: S,
  options: HttpOptions = {},
): Promise<ResponseOf<S>> {
  return send('POST', url, form, 'application/json', options, (sent) =>
    readRequiredJson(sent, schema, options),
  );
}

/** GET a text resource (shared header/footer HTML, the icon sprite). */
export function httpText(url: string, options: HttpOptions = {}): Promise<string> {
  return send('GET', url, undefined, 'text/html, image/svg+xml, text/plain, */*', options, (sent) =>
    sent.response.text(),
  );
}

/** A file fetched by httpDownload: its bytes and the name the server suggested, if any. */
export interface DownloadedFile {
  blob: Blob;
  filename: string | null;
}

/**
 * GET a file with the bearer rule of every call (a plain link cannot carry the token), as a
 * Blob plus the name from Content-Disposition.
 */
export function httpDownload(url: string, options: HttpOptions = {}): Promise<DownloadedFile> {
  return send('GET', url, undefined, '*/*', options, async ({ response }) => ({
    blob: await response.blob(),
    filename: filenameFromContentDisposition(response.headers.get('Content-Disposition')),
  }));
}
