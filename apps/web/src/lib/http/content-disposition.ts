/**
 * The file name of a `Content-Disposition` header (RFC 6266): `filename*` (RFC 5987,
 * UTF-8) wins over `filename`; path separators and control characters are dropped, so the
 * name can only ever name a file. null when the header gives none.
 */
export function filenameFromContentDisposition(header: string | null): string | null {
  if (!header) return null;
  const extended = /filename\*\s*=\s*utf-8'[^']*'([^;]+)/i.exec(header)?.[1];
  const plain = /filename\s*=\s*(?:"((?:\\.|[^"\\])*)"|([^;\s]+))/i.exec(header);
  let name: string | undefined;
  if (extended) {
    try {
      name = decodeURIComponent(extended.trim());
    } catch {
      name = undefined;
    }
  }
  name ??= plain?.[1]?.replace(/\\(.)/g, '$1') ?? plain?.[2];
  // eslint-disable-next-line no-control-regex -- control characters are what is removed
  const safe = name?.replace(/[/\\\u0000-\u001f\u007f]/g, '').trim();
  return safe ? safe : null;
}
