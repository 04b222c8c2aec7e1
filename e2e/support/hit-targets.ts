// Whether a person's click lands where it looks like it will (issue 39): the centre of every
// visible header control belongs to that control, and a card's stretched link covers its own
// card and nothing outside it. Read with document.elementFromPoint, as the browser hit-tests.
import type { Page } from 'playwright-core';

export interface HitReport {
  /** Header controls looked at (visible ones only). */
  controls: number;
  /** Card links looked at. */
  cards: number;
  /** One line per control or card whose click would land elsewhere. */
  problems: string[];
}

/**
 * Hit-tests the page as it is now. `root` limits the check to one part of the page (the app's
 * root, as the server painted it); the whole document by default.
 */
export function checkHitTargets(page: Page, root = 'body'): Promise<HitReport> {
  return page.evaluate((rootSelector) => {
    const scope = document.querySelector(rootSelector);
    const problems: string[] = [];
    if (!scope) return { controls: 0, cards: 0, problems: [`no ${rootSelector} on the page`] };
    const describe = (element: Element | null): string => {
      if (!element) return 'nothing';
      const name =
        element.getAttribute('aria-label') ??
        element.getAttribute('href') ??
        element.textContent.trim().slice(0, 40);
      const cls = element.classList[0] ?? '';
      return `<${element.tagName.toLowerCase()}${cls ? `.${cls}` : ''}> "${name}"`;
    };
    const onScreen = (rect: DOMRect) =>
      rect.width > 0 &&
      rect.height > 0 &&
      rect.bottom > 0 &&
      rect.right > 0 &&
      rect.top < window.innerHeight &&
      rect.left < window.innerWidth;
    const centre = (rect: DOMRect) => ({
      x: Math.min(Math.max(rect.left + rect.width / 2, 0), window.innerWidth - 1),
      y: Math.min(Math.max(rect.top + rect.height / 2, 0), window.innerHeight - 1),
    });

    // Header controls: links, buttons and fields of every banner (the app's and the desk's).
    let controls = 0;
    const headers = scope.querySelectorAll('header, [role="banner"]');
    for (const header of headers) {
      const candidates = header.querySelectorAll<HTMLElement>(
        'a[href], button, input:not([type="hidden"]), select, textarea, [role="button"]',
      );
      for (const control of candidates) {
        if (!control.checkVisibility({ visibilityProperty: true, opacityProperty: true })) continue;
        const rect = control.getBoundingClientRect();
        if (!onScreen(rect)) continue;
        controls += 1;
        const { x, y } = centre(rect);
        const hit = document.elementFromPoint(x, y);
        const labelled = hit instanceof HTMLLabelElement && hit.control === control;
        if (hit && (hit === control || control.contains(hit) || labelled)) continue;
        problems.push(`header control ${describe(control)} at (${x}, ${y}) hits ${describe(hit)}`);
      }
    }

    // Card links: the four points just outside each card's box are not its link.
    let cards = 0;
    for (const link of scope.querySelectorAll<HTMLElement>('.ui-card__link')) {
      const card = link.closest('.ui-card');
      if (!card) {
        problems.push(`card link ${describe(link)} outside any .ui-card`);
        continue;
      }
      const rect = card.getBoundingClientRect();
      if (!onScreen(rect)) continue;
      cards += 1;
      const { x, y } = centre(rect);
      const inside = document.elementFromPoint(x, y);
      if (!inside || !card.contains(inside))
        problems.push(`card ${describe(link)}: its centre hits ${describe(inside)}`);
      const outside = [
        { x, y: rect.top - 6 },
        { x, y: rect.bottom + 6 },
        { x: rect.left - 6, y },
        { x: rect.right + 6, y },
      ];
      for (const point of outside) {
        if (point.x < 0 || point.y < 0 || point.x >= innerWidth || point.y >= innerHeight) continue;
        const hit = document.elementFromPoint(point.x, point.y);
        if (hit && (hit === link || link.contains(hit)))
          problems.push(
            `card link ${describe(link)} takes a click outside its card at (${point.x}, ${point.y})`,
          );
      }
    }
    return { controls, cards, problems };
  }, root);
}
