// Accessibility check of the current page with axe-core (WCAG 2.x A/AA rules).
import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';

const wcagTags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

interface Violation {
  id: string;
  impact?: string | null;
  help: string;
  helpUrl: string;
  nodes: { target: unknown; failureSummary?: string }[];
}

export function formatViolations(violations: readonly Violation[]): string {
  return violations
    .map((v) => {
      const nodes = v.nodes
        .slice(0, 5)
        .map(
          (n) =>
            `      - ${JSON.stringify(n.target)}${n.failureSummary ? `: ${n.failureSummary.replace(/\s+/g, ' ')}` : ''}`,
        )
        .join('\n');
      const more = v.nodes.length > 5 ? `\n      … and ${v.nodes.length - 5} more` : '';
      return `  • [${v.impact ?? 'unknown'}] ${v.id}: ${v.help} (${v.helpUrl})\n${nodes}${more}`;
    })
    .join('\n');
}

/** The colour schemes every check runs in: the app follows prefers-color-scheme (issue 11). */
export const colorSchemes = ['light', 'dark'] as const;

/**
 * Fails with a readable list when axe finds violations on the page as it is now, in the light
 * and in the dark colour scheme (prefers-color-scheme emulated for each, then reset).
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
    for (const colorScheme of options.schemes ?? colorSchemes) {
      await page.emulateMedia({ colorScheme });
      let builder = new AxeBuilder({ page }).withTags(wcagTags);
      for (const selector of options.include ?? []) builder = builder.include(selector);
      for (const selector of options.exclude ?? []) builder = builder.exclude(selector);
      const { violations } = await builder.analyze();
      if (violations.length > 0) {
        reports.push(
          `axe found ${violations.length} accessibility violation(s) in the ${colorScheme} colour scheme on ${page.url()}:\n${formatViolations(violations)}`,
        );
      }
    }
  } finally {
    if (!page.isClosed()) await page.emulateMedia({ colorScheme: null });
  }
  if (reports.length > 0) throw new Error(reports.join('\n'));
}
