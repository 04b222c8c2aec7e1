/**
 * Redirect targets (the login returnUrl, the path decoded from the sign-in state) must be
 * same-origin relative paths (issue 2 §3). Anything else — protocol-relative '//host',
 * '/\host' (browsers read '\' as '/'), absolute URLs, 'javascript:' and other schemes,
 * control characters or whitespace that URL parsers strip, and percent-encoded forms of
 * these — becomes '/'.
 */

const FALLBACK = '/';
const SAME_ORIGIN_PROBE = 'https://portico.invalid';

/** C0 controls, DEL and C1 controls: URL parsers drop tabs/newlines, turning '/\t/evil' into '//evil'. */
function hasControlCharacter(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code <= 0x1f || (code >= 0x7f && code <= 0x9f)) return true;
  }
  return false;
}
const MAX_DECODE_ROUNDS = 3;

function isSafeShape(candidate: string): boolean {
  if (!candidate.startsWith('/')) return false;
  const second = candidate.charAt(1);
  if (second === '/' || second === '\\') return false;
  if (hasControlCharacter(candidate)) return false;
  return true;
}

/** Every percent-decoding of the input, so '%2F%2Fevil' style variants are seen as what they decode to. */
function decodedForms(input: string): string[] {
  const forms = [input];
  let current = input;
  for (let round = 0; round < MAX_DECODE_ROUNDS; round++) {
    let next: string;
    try {
      next = decodeURIComponent(current);
    } catch {
      break;
    }
    if (next === current) break;
    forms.push(next);
    current = next;
  }
  return forms;
}

/** The input when it is a safe same-origin path (with its query and fragment), otherwise '/'. */
export function safeReturnPath(input: string | null | undefined): string {
  if (typeof input !== 'string' || input === '') return FALLBACK;
  if (!isSafeShape(input)) return FALLBACK;
  // The path segment before any query may not hide a '//' or '/\' once decoded.
  const pathOnly = input.split(/[?#]/, 1)[0] ?? '';
  for (const form of decodedForms(pathOnly)) {
    if (!isSafeShape(form) || form.includes('\\')) return FALLBACK;
  }
  try {
    const parsed = new URL(input, SAME_ORIGIN_PROBE);
    if (parsed.origin !== SAME_ORIGIN_PROBE) return FALLBACK;
  } catch {
    return FALLBACK;
  }
  return input;
}
