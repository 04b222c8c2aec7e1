import type { FastifyRequest, FastifyServerOptions } from 'fastify';

/** Where log lines go (pino's destination stream); tests pass one to read the lines. */
export interface LogStream {
  write(line: string): void;
}

/**
 * Query parameters whose values are secrets or one-time credentials: the support desk's
 * frame token (t), OAuth/OIDC codes, tokens and state, passwords. Their values never reach
 * the logs (issue 11 §5): a logged frame token or code could be replayed.
 */
export const SECRET_QUERY_PARAMETERS = [
  't',
  'token',
  'code',
  'code_verifier',
  'id_token',
  'access_token',
  'refresh_token',
  'state',
  'session_state',
  'client_secret',
  'password',
] as const;

export const REDACTED = '[redacted]';

const secretParameter = new RegExp(
  `([?&](?:${SECRET_QUERY_PARAMETERS.join('|')})=)[^&#\\s"'<>]*`,
  'gi',
);

/** The text with the values of secret query parameters replaced (URLs, error messages). */
export function redactSecrets(text: string): string {
  return text.replace(secretParameter, `$1${REDACTED}`);
}

/** Headers that carry credentials; never logged, whoever logs a header object. */
const SECRET_HEADERS = ['authorization', 'cookie', '"set-cookie"', '"proxy-authorization"'];

/**
 * The server's logger: JSON lines at the configured level, request URLs without secret
 * values, no credentials headers. `stream` lets tests read what would be written.
 */
export function loggerOptions(level: string, stream?: LogStream): FastifyServerOptions['logger'] {
  if (level === 'silent' && !stream) return false;
  return {
    level,
    ...(stream ? { stream } : {}),
    redact: {
      paths: SECRET_HEADERS.flatMap((name) => [
        `req.headers.${name}`,
        `res.headers.${name}`,
        `headers.${name}`,
      ]),
      censor: REDACTED,
    },
    serializers: {
      req: (request: FastifyRequest) => ({
        method: request.method,
        url: redactSecrets(request.url),
        host: request.host,
        remoteAddress: request.ip,
        remotePort: request.socket.remotePort,
      }),
      err: (error: Error) => ({
        ...Object.fromEntries(Object.entries(error)),
        type: error.constructor.name,
        message: redactSecrets(error.message),
        stack: redactSecrets(error.stack ?? ''),
      }),
    },
  };
}
