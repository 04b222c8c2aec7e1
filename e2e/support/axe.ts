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

/** Fails with a readable list when axe finds violations on the page as it is now. */
export async function expectNoAxeViolations(
  page: Page,
  options: { exclude?: string[] } = {},
): Promise<void> {
  let builder = new AxeBuilder({ page }).withTags(wcagTags);
  for (const selector of options.exclude ?? []) builder = builder.exclude(selector);
  const { violations } = await builder.analyze();
  if (violations.length > 0) {
    throw new Error(
      `axe found ${violations.length} accessibility violation(s) on ${page.url()}:\n${formatViolations(violations)}`,
    );
  }
}
