import { z } from 'zod';

/**
 * Unicode bidirectional controls (docs/decisions/0061): embeddings and overrides
 * U+202A–U+202E, isolates U+2066–U+2069, the marks U+200E/U+200F and U+061C. In a name they
 * reorder what is shown around it ("Anna‮exe.pdf" reads "Annafdp.exe"); a name needs none of
 * them, the surrounding page sets its own direction.
 */
const BIDI_CONTROLS = /[\u202a-\u202e\u2066-\u2069\u200e\u200f\u061c]/g;

export function hasBidiControls(value: string): boolean {
  return new RegExp(BIDI_CONTROLS.source).test(value);
}

export function withoutBidiControls(value: string): string {
  return value.replace(BIDI_CONTROLS, '');
}

/**
 * A display name (a person's first or last name, an account's or an author's name) in a
 * response: stripped of bidi controls both when the API serialises it (encode) and when a
 * client parses it (decode), so names stored before the rule, or by another system, show as
 * plain text too.
 */
export const displayNameSchema = z.codec(z.string(), z.string(), {
  decode: withoutBidiControls,
  encode: withoutBidiControls,
});
