import { PassThrough, type Readable, type Transform } from 'node:stream';
import { constants, createBrotliCompress, createGzip } from 'node:zlib';

/**
 * A page sent in two parts (ADR 0077): its head at once, compressed and flushed so the
 * browser reads it now and asks for the page's style sheets while the server paints the
 * rest, then the rest when `rest` settles. `rest` must not fail (the caller's fallback is the
 * page without its paint).
 */
export function htmlInTwoParts(
  encoding: 'br' | 'gzip' | 'identity',
  head: string,
  rest: Promise<string>,
): Readable {
  let out: Transform;
  if (encoding === 'br') {
    const brotli = createBrotliCompress({ params: { [constants.BROTLI_PARAM_QUALITY]: 5 } });
    brotli.write(head);
    brotli.flush(constants.BROTLI_OPERATION_FLUSH);
    out = brotli;
  } else if (encoding === 'gzip') {
    const gzip = createGzip({ level: 6 });
    gzip.write(head);
    gzip.flush(constants.Z_SYNC_FLUSH);
    out = gzip;
  } else {
    out = new PassThrough();
    out.write(head);
  }
  void rest.then((html) => {
    // The browser may have gone meanwhile (Fastify then destroyed the stream).
    if (!out.destroyed) out.end(html);
  });
  return out;
}
