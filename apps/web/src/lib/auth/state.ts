/**
 * The sign-in `state` parameter holds the return path as base64 (§4 Session). Paths are
 * encoded as UTF-8 first so any path survives; decoding accepts the URL-safe alphabet and
 * missing padding too, because some providers re-encode the value.
 */

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

export function encodeState(path: string): string {
  const bytes = new TextEncoder().encode(path);
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/** The decoded path, or null when the state is missing or not valid base64 of UTF-8 text. */
export function decodeState(state: string | null | undefined): string | null {
  if (typeof state !== 'string' || state === '') return null;
  // A '+' may arrive as a space after form-style decoding.
  let normalised = state.replace(/ /g, '+').replace(/-/g, '+').replace(/_/g, '/');
  if (!BASE64.test(normalised)) return null;
  const unpadded = normalised.replace(/=+$/, '');
  if (unpadded.length % 4 === 1) return null;
  normalised = unpadded.padEnd(unpadded.length + ((4 - (unpadded.length % 4)) % 4), '=');
  let binary: string;
  try {
    binary = atob(normalised);
  } catch {
    return null;
  }
  const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return null;
  }
}
