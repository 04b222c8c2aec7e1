import { defineLabels } from '../labels/define-labels.js';
import type { Translate } from '../labels/use-t.js';

/**
 * The browser title (§1): the section name followed by the configured suffix, e.g.
 * 'News | Portico Community'. The rule (docs/decisions/0003-browser-title.md):
 * 1. the path is split into segments (decoded, lower-cased for matching);
 * 2. the deepest segment with a display name wins (/my-solutions/erpx/… → 'erpx');
 * 3. no mapped segment: the first segment, dashes as spaces, first letter capitalised
 *    (/cloud/instances → 'Cloud');
 * 4. the root path: 'Portico'.
 * Display names are labels (title.section.<segment>) so the server can override them.
 */
export const sectionTitleLabels = defineLabels({
  'title.section.root': 'Portico',
  'title.section.erp': 'erp',
  'title.section.erpx': 'erpx',
  'title.section.financials': 'Financials',
  'title.section.fpa': 'FP&A',
  'title.section.te': 'T&E',
  'title.section.talent-management': 'Talent Management',
  'title.section.services': 'Support4U',
  'title.section.university': 'University4U',
  'title.section.dealmanagement': 'Deal Management 4U',
  'title.section.resources': 'Resources4U',
  'title.section.my-solutions': 'My Solutions',
  'title.section.news': 'News',
  'title.section.news-item': 'News',
  'title.section.search': 'Search',
  'title.section.salespartners': 'Sales Partners',
  'title.section.marketplace': 'Marketplace',
  'title.section.billingplatform': 'Billing Platform',
  'title.section.my-settings': 'My Settings',
  'title.section.user-management': 'User Management',
  'title.section.cloud': 'Cloud',
  'title.section.download-report-engine': 'Download Report Engine',
  'title.section.login': 'Sign in',
  'title.section.state-redirect': 'Sign in',
  'title.section.logout': 'Sign out',
});

type SectionKey = keyof typeof sectionTitleLabels;
const PREFIX = 'title.section.';

const isSectionKey = (key: string): key is SectionKey => key in sectionTitleLabels;

function decode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** The section display name for a path (without the suffix). */
export function sectionName(pathname: string, t?: Translate): string {
  const name = (key: SectionKey): string => (t ? t(key) : sectionTitleLabels[key]);
  const path = pathname.split(/[?#]/, 1)[0] ?? '';
  const segments = path
    .split('/')
    .filter((s) => s !== '')
    .map(decode);
  for (const segment of [...segments].reverse()) {
    const key = `${PREFIX}${segment.toLowerCase()}`;
    if (isSectionKey(key)) return name(key);
  }
  const first = segments[0];
  if (first === undefined) return name(`${PREFIX}root`);
  const words = first.replace(/-/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** The browser title for a path: section name + configured suffix. */
export function pageTitle(pathname: string, suffix: string, t?: Translate): string {
  return `${sectionName(pathname, t)}${suffix}`;
}
