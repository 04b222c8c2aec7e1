/**
 * Server texts (what the API renders itself: header, sign-in pages, e-mail, support desk,
 * unsubscribe and invitation pages) keep their English defaults in code, in `*.texts.ts`
 * files beside the module, like the web's `*.labels.ts` (ADR 0040). `defineTexts` registers
 * them, so `npm run labels:extract` can write the English server catalogue and the
 * completeness check can compare the translations with it.
 */
const registry = new Map<string, string>();
// What registeredTexts() hands out, rebuilt only after a new text is registered: translators
// are made per page and per e-mail, and copying hundreds of texts each time showed in profiles.
let snapshot: Readonly<Record<string, string>> | undefined;

export function defineTexts<const T extends Record<string, string>>(defaults: T): T {
  for (const [key, value] of Object.entries(defaults)) {
    const known = registry.get(key);
    if (known !== undefined && known !== value) {
      throw new Error(`Server text ${key} is defined twice with different English texts`);
    }
    if (known === undefined) snapshot = undefined;
    registry.set(key, value);
  }
  return defaults;
}

/** Every server text registered so far, key → English default. */
export function registeredTexts(): Readonly<Record<string, string>> {
  snapshot ??= Object.freeze(Object.fromEntries(registry));
  return snapshot;
}
