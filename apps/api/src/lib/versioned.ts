// A versioned row's ETag (`"v<version>"`), shared by every API that writes with If-Match.

/** ETag of a row at a version; If-Match must name it. */
export const etagOf = (version: number): string => `"v${version}"`;

/**
 * The version an If-Match value names, or undefined for anything else: a weak `W/` tag (RFC
 * 9110 compares If-Match strongly), `*`, or a malformed value.
 */
export function versionOfEtag(header: string): number | undefined {
  const match = /^"v([0-9]{1,9})"$/.exec(header.trim());
  return match ? Number(match[1]) : undefined;
}
