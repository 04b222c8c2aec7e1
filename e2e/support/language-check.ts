// Issue 16: what a page shows, and which of it is an English label left untranslated or text
// too long for its box. The catalogues (packages/locales) say what English and each
// translation read; a text on the page that equals an English label whose translation
// differs is a leftover.
import {
  PSEUDO_LANGUAGE,
  SUPPORTED_LANGUAGES,
  pluralBase,
  type LabelLanguage,
} from '@portico/locales';
import { CATALOGS, type Catalog } from '@portico/locales/catalogs';
import type { Frame, Page } from 'playwright-core';

/** Every visible text and spoken attribute of the document, whitespace collapsed. */
function collectTexts(): string[] {
  const out: string[] = [];
  const shown = (el: Element): boolean =>
    el.checkVisibility({ visibilityProperty: true, contentVisibilityAuto: true });
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node !== null; node = walker.nextNode()) {
    const parent = node.parentElement;
    if (!parent || ['SCRIPT', 'STYLE', 'NOSCRIPT', 'TEMPLATE'].includes(parent.tagName)) continue;
    const text = (node.textContent ?? '').replace(/\s+/g, ' ').trim();
    if (/[A-Za-z]/.test(text) && shown(parent)) out.push(text);
  }
  for (const el of document.querySelectorAll('[aria-label], [placeholder], [title], img[alt]')) {
    if (!shown(el) && !el.closest('svg')) continue;
    for (const name of ['aria-label', 'placeholder', 'title', 'alt']) {
      const value = (el.getAttribute(name) ?? '').replace(/\s+/g, ' ').trim();
      if (/[A-Za-z]/.test(value)) out.push(value);
    }
  }
  out.push(document.title);
  return out;
}

/** The texts of the page and of its same-origin frames (the support desk pages). */
export async function pageTexts(page: Page, withFrames = true): Promise<string[]> {
  const origin = new URL(page.url()).origin;
  const frames = page.frames().filter((f: Frame) => {
    if (!withFrames && f !== page.mainFrame()) return false;
    try {
      return new URL(f.url()).origin === origin;
    } catch {
      return false;
    }
  });
  const all = await Promise.all(frames.map((f) => f.evaluate(collectTexts).catch(() => [])));
  return all.flat();
}

const PLACEHOLDER = /\{\{\s*\w+\s*\}\}|\{\w+\}/g;

/** A text every translation keeps as in English is a name (Support4U, Portico), never a leftover. */
function isName(part: 'web' | 'server', key: string, text: string): boolean {
  const others = SUPPORTED_LANGUAGES.filter((l) => l !== 'en').map((l) => CATALOGS[part][l][key]);
  return others.every((value) => value === text);
}

interface EnglishText {
  key: string;
  /** True for the text as shown, placeholders filled with anything. */
  matches: (shown: string) => boolean;
}

/** Placeholders that always stand for a number, so "{{count}} user" never matches "Key user". */
const NUMERIC = /^(count|number|total|first|last|seconds|step|used|year)$/;

/**
 * A matcher for a template: its literal pieces in order, the first at the start and the last
 * at the end (indexOf, not a regular expression, so long texts cannot make it backtrack); a
 * numeric placeholder must be filled with a number.
 */
function templateMatcher(template: string): (shown: string) => boolean {
  const pieces = template.split(PLACEHOLDER).map((piece) => piece.replace(/\s+/g, ' '));
  const names = [...template.matchAll(PLACEHOLDER)].map((m) => m[0].replace(/[{}\s]/g, ''));
  if (pieces.length === 1) return (shown) => shown === pieces[0];
  const first = pieces[0] ?? '';
  const last = pieces[pieces.length - 1] ?? '';
  return (shown) => {
    if (!shown.startsWith(first) || !shown.endsWith(last)) return false;
    const end = shown.length - last.length;
    let at = first.length;
    for (let i = 1; i < pieces.length; i += 1) {
      const piece = pieces[i] ?? '';
      const found = i === pieces.length - 1 ? end : shown.indexOf(piece, at + 1);
      if (found < at + 1) return false;
      const value = shown.slice(at, found);
      if (NUMERIC.test(names[i - 1] ?? '') && !/^[\d.,\u00a0\u202f +]+$/.test(value)) return false;
      at = found + piece.length;
    }
    return true;
  };
}

/**
 * The English texts whose translation in `language` reads differently (a name such as
 * 'Portico' reads the same everywhere and is never a leftover). Templates with placeholders
 * match with any value in them, when enough of their own words remain to be recognised.
 */
export function englishLeftoverPatterns(language: LabelLanguage): EnglishText[] {
  const found: EnglishText[] = [];
  for (const part of ['web', 'server'] as const) {
    const english: Catalog = CATALOGS[part].en;
    const translated: Catalog =
      language === PSEUDO_LANGUAGE || language === 'en' ? {} : CATALOGS[part][language];
    for (const [key, text] of Object.entries(english)) {
      const base = pluralBase(key);
      const forms =
        base === null
          ? [translated[key]]
          : Object.entries(translated)
              .filter(([k]) => pluralBase(k) === base)
              .map(([, v]) => v);
      if (forms.includes(text) || isName(part, key, text)) continue;
      const literal = text.replace(PLACEHOLDER, ' ');
      if ((literal.match(/[A-Za-z]/g) ?? []).length < 4) continue;
      found.push({ key, matches: templateMatcher(text.replace(/\s+/g, ' ')) });
    }
  }
  return found;
}

/** Every text the language's own catalogues hold: such a text is never a leftover. */
export function ownTexts(language: LabelLanguage): Set<string> {
  if (language === PSEUDO_LANGUAGE || language === 'en') return new Set();
  return new Set(
    (['web', 'server'] as const).flatMap((part) =>
      Object.values(CATALOGS[part][language]).map((v) => v.replace(/\s+/g, ' ')),
    ),
  );
}

/**
 * The shown texts that are English labels (with their keys), for a readable failure. A text
 * the language itself uses for some label ('News' is German for a page title too) is not one.
 */
export function leftovers(
  texts: readonly string[],
  patterns: readonly EnglishText[],
  own: ReadonlySet<string> = new Set(),
): string[] {
  const hits = new Set<string>();
  for (const text of texts) {
    if (own.has(text)) continue;
    const match = patterns.find((p) => p.matches(text));
    if (match) hits.add(`${match.key}: "${text}"`);
  }
  return [...hits];
}

/**
 * Text that does not fit its box: an element with its own text whose content is wider or
 * taller than the box (scrollWidth/Height past clientWidth/Height), and a page wider than the
 * window. Inline elements have no box of their own; their block ancestor is measured.
 */
export async function overflowingText(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    const doc = document.documentElement;
    if (doc.scrollWidth > window.innerWidth + 1) {
      found.push(`the page is ${doc.scrollWidth}px wide in a ${window.innerWidth}px window`);
    }
    for (const el of document.body.querySelectorAll('*')) {
      if (!(el instanceof HTMLElement) || !el.checkVisibility()) continue;
      const ownText = [...el.childNodes].some(
        (n) => n.nodeType === Node.TEXT_NODE && /\S/.test(n.textContent ?? ''),
      );
      if (!ownText) continue;
      const style = getComputedStyle(el);
      if (style.display.startsWith('inline') && style.display !== 'inline-block') continue;
      // Visually hidden text (clipped to 1px for screen readers) is meant not to fit.
      if (el.clientWidth <= 1 || el.clientHeight <= 1) continue;
      const wide = el.scrollWidth > el.clientWidth + 1;
      const tall = el.scrollHeight > el.clientHeight + 1 && style.overflowY !== 'visible';
      if (wide || tall) {
        const text = el.textContent.replace(/\s+/g, ' ').trim().slice(0, 60);
        found.push(
          `<${el.tagName.toLowerCase()} class="${el.className}"> "${text}" needs ${el.scrollWidth}×${el.scrollHeight}px, has ${el.clientWidth}×${el.clientHeight}px`,
        );
      }
    }
    return found;
  });
}
