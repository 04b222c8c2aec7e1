import { PassThrough, type Readable, type Transform, type Writable } from 'node:stream';
import { constants, createBrotliCompress, createGzip } from 'node:zlib';

/**
 * A page sent in two parts (ADR 0077): its head at once, compressed and flushed so the
 * browser reads it now and asks for the page's style sheets while the server paints the
 * rest, then the rest `paint` gives (it must not fail: the caller's fallback is the page
 * without its paint). The paint starts once the head has been handed to `response`: it takes
 * the event loop (the database driver, React's render), and the compressed head would
 * otherwise wait for it.
 */
export function htmlInTwoParts(
  encoding: 'br' | 'gzip' | 'identity',
  head: string,
  paint: () => Promise<string>,
  response: Writable,
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
  const paintTheRest = () =>
    void paint().then(
      (html) => {
        // The browser may have gone meanwhile (Fastify then destroyed the stream).
        if (!out.destroyed) out.end(html);
      },
      // Not expected (see above); Fastify logs it and closes the connection.
      (error: unknown) => out.destroy(error instanceof Error ? error : new Error(String(error))),
    );
  // Fastify pipes the page into the response; the pipe writes each chunk before other
  // listeners hear of it, so after the first the head is on its way.
  response.once('pipe', () => out.once('data', () => setImmediate(paintTheRest)));
  return out;
}
