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

export class HttpError extends Error {
  override readonly name = 'HttpError';

  constructor(
    readonly status: number,
    /** The parsed JSON body, the text body, or the validation issues for 'invalid-response'. */
    readonly body: unknown,
    readonly reason: HttpErrorReason = 'status',
    options?: ErrorOptions,
  ) {
    super(`HTTP ${status} (${reason})`, options);
  }

  /** Seconds the server asked the client to wait (`Retry-After` of a 429 or 503), when it said. */
  retryAfterS: number | undefined;
}
