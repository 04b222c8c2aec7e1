import { matchPath } from 'react-router';
import { routePaths } from '../../config/paths.js';
import type { LabelKey } from '../../lib/labels/use-t.js';

/** The six Support4U pages' paths; each names its frame and its `support.title.{path}` label. */
type SupportPath =
  'incident' | 'service-request' | 'track-cases' | 'track-case' | 'portals' | 'contacts';

/**
 * The Support4U pages (§2 services), one row per child route: its route pattern, its route
 * path (the frame path below the configured frame base and the `support.title.{path}`
 * label), whether the case number is appended (track-case) and whether the page offers the
 * 'download all cases' button (§2 Track-cases page).
 */
export interface SupportPage {
  readonly route: string;
  readonly path: SupportPath;
  readonly appendsCaseNo?: boolean;
  readonly downloadAllCases?: boolean;
}

export const supportPages: readonly SupportPage[] = [
  { route: routePaths.servicesIncident, path: 'incident' },
  { route: routePaths.servicesServiceRequest, path: 'service-request' },
  { route: routePaths.servicesTrackCases, path: 'track-cases', downloadAllCases: true },
  { route: routePaths.servicesTrackCase, path: 'track-case', appendsCaseNo: true },
  { route: routePaths.servicesPortals, path: 'portals' },
  { route: routePaths.servicesContacts, path: 'contacts' },
];

export interface MatchedSupportPage {
  page: SupportPage;
  /** The case number of track-case, decoded ('' elsewhere). */
  caseNo: string;
}

/**
 * The Support4U page of an in-app path, or null when it is none of them. The case number is
 * the router's decoded route parameter (matchPath on a raw path would leave it encoded).
 */
export function matchSupportPage(pathname: string, caseNo = ''): MatchedSupportPage | null {
  const page = supportPages.find((candidate) => matchPath(candidate.route, pathname));
  return page ? { page, caseNo: page.appendsCaseNo ? caseNo : '' } : null;
}

/** The label of the page (and frame) title: `support.title.{route path}` (§2). */
export const titleKeyOf = (page: SupportPage): LabelKey => `support.title.${page.path}`;

/** The frame path below the frame base; track-case appends the case number, encoded (§2). */
export function framePathOf({ page, caseNo }: MatchedSupportPage): string {
  return page.appendsCaseNo ? `${page.path}/${encodeURIComponent(caseNo)}` : page.path;
}
