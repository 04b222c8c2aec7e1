import { sectionTitleLabels } from './page-title.labels.js';
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
