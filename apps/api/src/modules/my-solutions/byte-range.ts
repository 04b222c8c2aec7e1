/** What a Range header asks of a file of `size` bytes (RFC 9110 §14). */
export type ByteRange =
  { kind: 'full' } | { kind: 'partial'; start: number; end: number } | { kind: 'unsatisfiable' };

const SINGLE = /^bytes=(\d{0,15})-(\d{0,15})$/;

/**
 * One range is served (206); a header that is not a valid single byte range is ignored and
 * the whole file is sent (RFC 9110 lets a server ignore Range, and several ranges would need
 * multipart/byteranges, which resumable downloads never ask for). A valid range that starts
 * at or beyond the end, or a zero-length suffix, is unsatisfiable (416).
 */
export function parseByteRange(header: string | undefined, size: number): ByteRange {
  if (header === undefined) return { kind: 'full' };
  const match = SINGLE.exec(header.trim());
  if (!match) return { kind: 'full' };
  const [first = '', last = ''] = [match[1], match[2]];
  if (first === '' && last === '') return { kind: 'full' };
  if (first === '') {
    // bytes=-n: the last n bytes.
    const suffix = Number(last);
    if (suffix === 0 || size === 0) return { kind: 'unsatisfiable' };
    return { kind: 'partial', start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(first);
  const end = last === '' ? size - 1 : Number(last);
  // An inverted range is not a valid range-spec (ignored); a valid one past the end is 416.
  if (last !== '' && end < start) return { kind: 'full' };
  if (start >= size) return { kind: 'unsatisfiable' };
  return { kind: 'partial', start, end: Math.min(end, size - 1) };
}
