/**
 * The label store. English defaults live in the 'defaults' namespace (registered by
 * defineLabels at import time); labels from the server go into 'server' for the user's
 * language. Lookups try 'server' first and fall back to the defaults (spec §7).
 *
 * It keeps the part of i18next's interface and lookup rules the app used (ADR 0041): i18next
 * and react-i18next were 17 KB Brotli of the first load for a key lookup, `{{name}}`
 * interpolation and plural suffixes (`_zero`, then the Intl.PluralRules form, then the key).
 */
import type { LabelKey } from '@portico/locales/label-keys';

type Bundle = Record<string, string>;
type Namespace = 'server' | 'defaults';
export type LabelVars = Record<string, string | number>;
export type Translate = (key: LabelKey, vars?: LabelVars) => string;
export type { LabelKey };

/**
 * The label of a key built from an id the server names (a role, a permission): its text, or
 * undefined when the catalogue has no such label. The one place a key that is not known at
 * compile time is asked for.
 */
export function labelIfAny(t: Translate, key: string, vars?: LabelVars): string | undefined {
  const text = t(key as LabelKey, vars);
  return text === key ? undefined : text;
}

const FALLBACK_LANGUAGE = 'en';
/** Lookup order: the namespace first, then each language of the hierarchy (as i18next). */
const NAMESPACES: readonly Namespace[] = ['server', 'defaults'];

const bundles = new Map<string, Bundle>();
const listeners = new Set<() => void>();
const pluralRules = new Map<string, Intl.PluralRules | null>();
let language = FALLBACK_LANGUAGE;

const bundleKey = (lng: string, ns: string): string => `${lng}\u0000${ns}`;

function changed(): void {
  // A new function on every change: components holding the old one render again.
  translate = (key, vars) => t(key, vars);
  for (const listener of listeners) listener();
}

/** 'en-XA' → ['en-XA', 'en']; 'pl' → ['pl', 'en']. */
function hierarchy(lng: string): string[] {
  const codes = [lng];
  const base = lng.split('-')[0];
  if (base && base !== lng) codes.push(base);
  if (!codes.includes(FALLBACK_LANGUAGE)) codes.push(FALLBACK_LANGUAGE);
  return codes;
}

function pluralSuffix(lng: string, count: number): string {
  let rules = pluralRules.get(lng);
  if (rules === undefined) {
    try {
      rules = new Intl.PluralRules(lng);
    } catch {
      rules = null;
    }
    pluralRules.set(lng, rules);
  }
  return `_${rules ? rules.select(count) : 'other'}`;
}

function lookup(key: string, count: number | undefined): string | undefined {
  for (const ns of NAMESPACES) {
    for (const code of hierarchy(language)) {
      const bundle = bundles.get(bundleKey(code, ns));
      if (!bundle) continue;
      const keys =
        count === undefined
          ? [key]
          : [...(count === 0 ? [`${key}_zero`] : []), key + pluralSuffix(code, count), key];
      for (const candidate of keys) {
        const value = bundle[candidate];
        if (value !== undefined) return value;
      }
    }
  }
  return undefined;
}

/**
 * `{{name}}` → vars.name; a placeholder without a value stays as it is. A value that ends in a
 * full stop before the text's own ('Portico Software B.V.' + '.') keeps one: the
 * abbreviation's stop ends the sentence too (issue 37).
 */
export function interpolate(text: string, vars: LabelVars | undefined): string {
  if (!vars || !text.includes('{{')) return text;
  return text.replace(/\{\{\s*([^{}\s]+)\s*\}\}(\.?)/g, (match, name: string, stop: string) => {
    const value = vars[name];
    if (value === undefined) return match;
    const shown = String(value);
    return stop && shown.endsWith('.') ? shown : shown + stop;
  });
}

/** The label for `key` in the current language; the key itself when there is none. */
function t(key: string, vars?: LabelVars): string {
  const count = typeof vars?.['count'] === 'number' ? vars['count'] : undefined;
  return interpolate(lookup(key, count) ?? key, vars);
}

let translate: Translate = (key, vars) => t(key, vars);

/** For useSyncExternalStore: the current lookup, a new function after each change. */
export const currentTranslate = (): Translate => translate;
export const currentLanguage = (): string => language;
export function subscribeLabels(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export const i18n = {
  get language(): string {
    return language;
  },
  get resolvedLanguage(): string {
    return language;
  },
  t,
  /** Adds labels to a language's namespace; as i18next, only a deep add can keep old values. */
  addResourceBundle(lng: string, ns: Namespace, labels: Bundle, deep = false, overwrite = false) {
    const current = bundles.get(bundleKey(lng, ns)) ?? {};
    const keepOld = deep && !overwrite;
    bundles.set(
      bundleKey(lng, ns),
      keepOld ? { ...labels, ...current } : { ...current, ...labels },
    );
    changed();
  },
  removeResourceBundle(lng: string, ns: Namespace): void {
    if (bundles.delete(bundleKey(lng, ns))) changed();
  },
  getResourceBundle(lng: string, ns: Namespace): Bundle | undefined {
    return bundles.get(bundleKey(lng, ns));
  },
  changeLanguage(lng: string): Promise<void> {
    language = lng;
    changed();
    return Promise.resolve();
  },
};
