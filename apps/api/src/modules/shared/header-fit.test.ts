import { describe, expect, it } from 'vitest';
import { FIT_MAX_REM, FIT_STEP_REM, headerFit, textWidthEm } from './header-fit.js';

// Issue 37, ADR 0068: the navigation widths from which each header link shows in the row.
describe('header fit steps', () => {
  it('are whole steps that grow with each link, the last one without room for More', () => {
    const fit = headerFit(['News', 'My Solutions', 'Cloud'], 'More');
    expect(fit.links.every((step) => step % FIT_STEP_REM === 0)).toBe(true);
    expect(fit.links).toEqual([...fit.links].sort((a, b) => a - b));
    expect(fit.more).toBe(fit.links.at(-1));
    // Alone, the last link needs less than with the More button beside it.
    const withMore = headerFit(['News', 'My Solutions', 'Cloud', 'x'], 'More').links[2] ?? 0;
    expect(fit.links[2]).toBeLessThanOrEqual(withMore);
  });

  it('err wide: a text of capitals and wide letters needs more room than one of narrow ones', () => {
    expect(textWidthEm('WWWW')).toBeGreaterThan(textWidthEm('illi') * 2);
    expect(textWidthEm('Benutzerverwaltung')).toBeGreaterThan(textWidthEm('User management'));
  });

  it('clamp a navigation wider than any window to the last step', () => {
    const fit = headerFit(
      Array.from({ length: 40 }, (_, i) => `Link number ${i}`),
      'More',
    );
    expect(Math.max(...fit.links)).toBe(FIT_MAX_REM);
    expect(headerFit([], 'More')).toEqual({ links: [], more: 0 });
  });
});
