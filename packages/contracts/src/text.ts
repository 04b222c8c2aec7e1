/**
 * Control characters (tab and line breaks excepted) that a person never types into a search;
 * PostgreSQL text cannot even hold NUL, so such a query would fail in the database.
 */
// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

export function hasControlCharacters(value: string): boolean {
  return CONTROL_CHARACTERS.test(value);
}

/** The value without those characters (form text a person pasted from somewhere odd). */
export function withoutControlCharacters(value: string): string {
  return value.replace(new RegExp(CONTROL_CHARACTERS.source, 'g'), '');
}

/**
 * What PostgreSQL text cannot hold (docs/decisions/0045): U+0000, and a UTF-16 surrogate
 * without its partner (JSON may carry `"\ud800"`; UTF-8 has no encoding for it).
 */
// eslint-disable-next-line no-control-regex
const UNSTORABLE = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** The field message for such text: the caller can only remove the character. */
export const UNSTORABLE_TEXT_MESSAGE =
  'This field contains a character that cannot be stored (a NUL or an unpaired surrogate). Remove it and try again.';

export function isStorableText(value: string): boolean {
  return !UNSTORABLE.test(value);
}

/** A step down from the parsed input, linked to its parent: no path copied per level. */
interface Step {
  readonly key: string | number;
  readonly up: Step | undefined;
}

function pathOf(step: Step | undefined): (string | number)[] {
  const path: (string | number)[] = [];
  for (let at = step; at; at = at.up) path.push(at.key);
  return path.reverse();
}

/**
 * The path of the first string (value or object key) in parsed input that cannot be stored,
 * e.g. `['productIds', 2]`, or undefined when all can; `[]` is the input itself. Iterative and
 * linear: JSON nested thousands deep must neither overflow the stack nor cost quadratic time.
 */
export function findUnstorableText(input: unknown): (string | number)[] | undefined {
  const pending: { value: unknown; at: Step | undefined }[] = [{ value: input, at: undefined }];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const { value, at } = next;
    if (typeof value === 'string') {
      if (!isStorableText(value)) return pathOf(at);
    } else if (Array.isArray(value)) {
      // Reversed onto the stack, so the first bad item is the one reported.
      for (let i = value.length - 1; i >= 0; i--)
        pending.push({ value: value[i], at: { key: i, up: at } });
    } else if (typeof value === 'object' && value !== null) {
      const entries = Object.entries(value as Record<string, unknown>);
      if (entries.some(([key]) => !isStorableText(key))) return pathOf(at);
      for (const [key, item] of entries.reverse())
        pending.push({ value: item, at: { key, up: at } });
    }
  }
  return undefined;
}

/**
 * The longest path or query value any route accepts (docs/decisions/0045, addendum): far
 * above every real one (ids, search text, dates), far below what would cost a scan or an
 * index error in SQL.
 */
export const MAX_PARAMETER_LENGTH = 2000;

/**
 * What is wrong with one parsed path or query parameter (a string, or a list of strings when
 * repeated), as a message naming it; undefined when nothing is. Applied to every route before
 * its own schema, so no parameter reaches SQL with text PostgreSQL cannot hold.
 */
export function parameterProblem(name: string, value: unknown): string | undefined {
  if (!isStorableText(name) || name.length > MAX_PARAMETER_LENGTH) {
    return 'A parameter name is too long or contains a character that cannot be stored.';
  }
  const values: unknown[] = Array.isArray(value) ? value : [value];
  for (const item of values) {
    if (typeof item !== 'string') continue;
    if (!isStorableText(item)) {
      return `${name} contains a character that cannot be stored (a NUL or an unpaired surrogate). Remove it and try again.`;
    }
    if (item.length > MAX_PARAMETER_LENGTH) {
      return `${name} must be at most ${MAX_PARAMETER_LENGTH} characters.`;
    }
  }
  return undefined;
}
