// The zod-free part of the contracts: this is on the start-up path (ADR 0047).
import { fieldErrorsOf } from '@portico/contracts/values';

/**
 * Why a request failed:
 * - 'status': the server answered with a non-2xx status (see `status`);
 * - 'timeout': no answer within the time-out (status 408, §8 "408 or time-out");
 * - 'network': no answer at all (status 0; §8 "any other" row);
 * - 'invalid-response': the body did not match the expected schema (status 500-class);
 * - 'identity-refused': 403, the signed-in identity has no Portico user (the app shows its
 *   refusal page; no notification).
 */
export type HttpErrorReason =
  'status' | 'timeout' | 'network' | 'invalid-response' | 'identity-refused';

/** The RFC 9457 problem the API answers every error with (contracts `problemSchema`). */
export interface ProblemDetails {
  type: string;
  title: string;
  status: number;
  detail: string;
  instance?: string;
  errors?: { field: string; message: string }[];
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The body as a problem, when it is one. Checked by hand, not by the contracts' zod schema:
 * errors can happen before zod has loaded (ADR 0047). Field errors that are not
 * `{ field, message }` strings are left out.
 */
export function problemOf(body: unknown): ProblemDetails | undefined {
  if (!isRecord(body)) return undefined;
  const { type, title, status, detail, instance, errors } = body;
  if (typeof title !== 'string' || typeof status !== 'number' || typeof detail !== 'string') {
    return undefined;
  }
  const problem: ProblemDetails = {
    type: typeof type === 'string' ? type : 'about:blank',
    title,
    status,
    detail,
  };
  if (typeof instance === 'string') problem.instance = instance;
  if (Array.isArray(errors)) {
    problem.errors = errors.filter(
      (error): error is { field: string; message: string } =>
        isRecord(error) && typeof error.field === 'string' && typeof error.message === 'string',
    );
  }
  return problem;
}

export class HttpError extends Error {
  override readonly name = 'HttpError';
  /** The API's problem details, when the answer was one (every API error is). */
  readonly problem: ProblemDetails | undefined;

  constructor(
    readonly status: number,
    /** The parsed JSON body, the text body, or the validation issues for 'invalid-response'. */
    readonly body: unknown,
    readonly reason: HttpErrorReason = 'status',
    options?: ErrorOptions,
  ) {
    super(`HTTP ${status} (${reason})`, options);
    this.problem = reason === 'invalid-response' ? undefined : problemOf(body);
  }

  /** Seconds the server asked the client to wait (`Retry-After` of a 429 or 503), when it said. */
  retryAfterS: number | undefined;

  /** The problem's field errors as field → message (what a form sets on its fields), if any. */
  get fieldErrors(): Record<string, string> | undefined {
    return fieldErrorsOf(this.problem);
  }
}
