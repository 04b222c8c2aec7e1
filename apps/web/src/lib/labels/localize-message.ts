import { apiMessageLabels } from './api-messages.labels.js';
import type { LabelKey, Translate } from './use-t.js';

/** English contract message → its label key (the first, where two forms share a text). */
const keyByEnglish = new Map<string, LabelKey>();
for (const [key, text] of Object.entries(apiMessageLabels) as [
  keyof typeof apiMessageLabels,
  string,
][]) {
  if (!keyByEnglish.has(text)) keyByEnglish.set(text, key);
}

/**
 * A contract message (a zod issue's, or the API's answer) in the user's language; a message
 * the contracts do not name (another caller's wording) is shown as it came.
 */
export function localizeMessage(message: string, t: Translate): string {
  const key = keyByEnglish.get(message);
  return key === undefined ? message : t(key);
}

/** The same for every message of a field-error map. */
export function localizeFieldErrors(
  errors: Readonly<Record<string, string>>,
  t: Translate,
): Record<string, string> {
  return Object.fromEntries(
    Object.entries(errors).map(([field, message]) => [field, localizeMessage(message, t)]),
  );
}
