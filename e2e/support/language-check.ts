// Issue 16: what a page shows, and which of it is an English label left untranslated
// (packages/locales/src/leftovers.ts) or text too long for its box.
import type { Frame, Page } from 'playwright-core';

// The matching itself is shared with the web app's jsdom test of every language.
export { englishLeftoverPatterns, leftovers, ownTexts } from '@portico/locales/leftovers';

/** Every visible text and spoken attribute of the document, whitespace collapsed. */
function collectTexts(): string[] {
  const out: string[] = [];
  const shown = (el: Element): boolean =>
    el.checkVisibility({ visibilityProperty: true, contentVisibilityAuto: true });
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node !== null; node = walker.nextNode()) {
    const parent = node.parentElement;
    if (!parent || ['SCRIPT', 'STYLE', 'NOSCRIPT', 'TEMPLATE'].includes(parent.tagName)) continue;
    // A search hit's marked word is the typed query found in content, not a label.
    if (parent.closest('mark')) continue;
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
      // A line clamp (a preview cut to n lines with an ellipsis) is meant to hide the rest.
      const clamped = style.webkitLineClamp !== 'none' && style.webkitLineClamp !== '';
      const tall =
        el.scrollHeight > el.clientHeight + 1 && style.overflowY !== 'visible' && !clamped;
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
