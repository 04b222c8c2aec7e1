// Accessibility check of the current page with axe-core (WCAG 2.x A/AA rules).
//
// axe-core runs in the page itself: its source is evaluated once per document and frame, and
// only violations come back. @axe-core/playwright did the same job at about four times the
// cost (it evaluated the 650 KB source twice per check and finished every run in a new
// blank page), which made axe half the time of the browser tests.
import axe, { type RunOptions } from 'axe-core';
import type { Page } from 'playwright-core';

declare global {
  interface Window {
    axe?: typeof axe;
  }
}

const wcagTags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/**
 * The rules that read colours. The dark scheme swaps the design tokens' colours and nothing
 * else (packages/design-tokens/tokens.css), so a second scheme needs only these.
 */
const colourRules = ['color-contrast', 'link-in-text-block'];

interface Violation {
  id: string;
  impact?: string | null;
  help: string;
  helpUrl: string;
  nodes: { target: unknown; html: string; failureSummary?: string }[];
}

export function formatViolations(violations: readonly Violation[]): string {
  return violations
    .map((v) => {
      const nodes = v.nodes
        .slice(0, 5)
        .map(
          (n) =>
            `      - ${JSON.stringify(n.target)} ${n.html}${n.failureSummary ? `: ${n.failureSummary.replace(/\s+/g, ' ')}` : ''}`,
        )
        .join('\n');
      const more = v.nodes.length > 5 ? `\n      … and ${v.nodes.length - 5} more` : '';
      return `  • [${v.impact ?? 'unknown'}] ${v.id}: ${v.help} (${v.helpUrl})\n${nodes}${more}`;
    })
    .join('\n');
}

/** The colour schemes every check runs in: the app follows prefers-color-scheme (issue 11). */
export const colorSchemes = ['light', 'dark'] as const;

/** Puts axe-core into every frame of the page that does not have it yet. */
async function injectAxe(page: Page): Promise<void> {
  for (const frame of page.frames()) {
    // A frame that navigates or closes meanwhile is left out, as axe would leave it.
    const present = await frame.evaluate(() => window.axe !== undefined).catch(() => true);
    if (!present) await frame.evaluate(axe.source).catch(() => undefined);
  }
}

/**
 * Waits (at most 3 s) for the page's running transitions and finite animations to end: a
 * colour read mid-fade (a button appearing, the scheme just switched) is neither the old nor
 * the new one, and axe would judge a contrast nobody sees for longer than the fade.
 */
async function settled(page: Page): Promise<void> {
  await page.evaluate(() => {
    // getAnimations() applies pending style changes first, so a transition just started counts.
    const fading = document
      .getAnimations()
      .filter(
        (a) =>
          a.playState === 'running' &&
          Number.isFinite(Number(a.effect?.getComputedTiming().endTime)),
      );
    return Promise.race([
      Promise.all(fading.map((a) => a.finished.catch(() => undefined))),
      new Promise((done) => setTimeout(done, 3000)),
    ]);
  });
}

async function violationsOf(page: Page, options: RunOptions, include: string[], exclude: string[]) {
  await injectAxe(page);
  await settled(page);
  const context = include.length > 0 ? { include, exclude } : { exclude };
  return page.evaluate(
    async ([runContext, runOptions]) => {
      if (!window.axe) throw new Error('axe-core is not in the page');
      const { violations } = await window.axe.run(runContext, runOptions);
      return violations.map((v) => ({
        id: v.id,
        impact: v.impact ?? null,
        help: v.help,
        helpUrl: v.helpUrl,
        nodes: v.nodes.map((n) => ({
          target: n.target,
          html: n.html.slice(0, 160),
          failureSummary: n.failureSummary,
        })),
      }));
    },
    [context, options] as const,
  );
}

/**
 * Fails with a readable list when axe finds violations on the page as it is now, in the light
 * and in the dark colour scheme (prefers-color-scheme emulated for each, then reset). The
 * first scheme runs every rule; the next ones run the rules that read colours.
 */
export async function expectNoAxeViolations(
  page: Page,
  options: {
    /** Only these parts (a dialog on a page another test checks whole). */
    include?: string[];
    exclude?: string[];
    schemes?: readonly (typeof colorSchemes)[number][];
  } = {},
): Promise<void> {
  const reports: string[] = [];
  try {
    let rules: RunOptions['runOnly'] = { type: 'tag', values: wcagTags };
    for (const colorScheme of options.schemes ?? colorSchemes) {
      await page.emulateMedia({ colorScheme });
      const violations = await violationsOf(
        page,
        { runOnly: rules, resultTypes: ['violations'] },
        options.include ?? [],
        options.exclude ?? [],
      );
      if (violations.length > 0) {
        reports.push(
          `axe found ${violations.length} accessibility violation(s) in the ${colorScheme} colour scheme on ${page.url()}:\n${formatViolations(violations)}`,
        );
      }
      rules = { type: 'rule', values: colourRules };
    }
  } finally {
    if (!page.isClosed()) await page.emulateMedia({ colorScheme: null });
  }
  if (reports.length > 0) throw new Error(reports.join('\n'));
}
