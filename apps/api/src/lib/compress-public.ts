import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** Below this, compressing costs more than it saves. */
const MIN_BYTES = 1024;

/**
 * An onSend hook that compresses a public answer when the browser accepts it. API answers are
 * otherwise sent as they are, because of BREACH; this is only for answers with no secret in
 * them and nothing an attacker can reflect, such as the labels (issue 16: about 50 kB of
 * catalogue on every start-up, about 11 kB in Brotli). The route sets Vary: Accept-Encoding.
 */
export function compressPublic(
  request: FastifyRequest,
  reply: FastifyReply,
  payload: unknown,
): Promise<unknown> {
  if (typeof payload !== 'string' || Buffer.byteLength(payload) < MIN_BYTES) {
    return Promise.resolve(payload);
  }
  const encoding = pickEncoding(request.headers['accept-encoding']);
  if (encoding === 'identity') return Promise.resolve(payload);
  void reply.header('content-encoding', encoding).removeHeader('content-length');
  return Promise.resolve(
    encoding === 'br'
      ? brotliCompressSync(payload, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } })
      : gzipSync(payload),
  );
}

/** Picks the encoding from Accept-Encoding: Brotli, then gzip, else none (q=0 refuses). */
export function pickEncoding(acceptEncoding: string | undefined): 'br' | 'gzip' | 'identity' {
  const accepted = new Set(
    (acceptEncoding ?? '')
      .split(',')
      .map((part) => part.trim().toLowerCase())
      .filter((part) => !/;\s*q=0(\.0*)?$/.test(part))
      .map((part) => (part.split(';', 1)[0] ?? '').trim()),
  );
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip')) return 'gzip';
  return 'identity';
}
