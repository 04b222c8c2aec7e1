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
