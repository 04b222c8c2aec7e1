import type { RuntimeConfig } from '@portico/contracts';
import { routePaths } from '../../config/paths.js';
import type { LabelKey } from '../../lib/labels/use-t.js';

type Links = RuntimeConfig['links'];

/** The landing pages' names: each has its `landing.{name}.*` labels. */
type LandingName = 'resources' | 'salespartners' | 'marketplace' | 'billingplatform';

/** What a landing page shows (§2): label keys of its title, description and button, and where the button goes. */
export interface LandingPageEntry {
  titleKey: LabelKey;
  descriptionKey: LabelKey;
  buttonKey: LabelKey;
  link: (links: Links) => string;
}

const entry = (name: LandingName, link: (links: Links) => string): LandingPageEntry => ({
  titleKey: `landing.${name}.title`,
  descriptionKey: `landing.${name}.description`,
  buttonKey: `landing.${name}.button`,
  link,
});

/** One table: route → labels + the configured external platform. */
export const landingPages: Readonly<Record<string, LandingPageEntry>> = {
  [routePaths.resources]: entry('resources', (links) => links.resources),
  [routePaths.salesPartners]: entry('salespartners', (links) => links.salesPartners),
  [routePaths.marketplace]: entry('marketplace', (links) => links.marketplace),
  [routePaths.billingPlatform]: entry('billingplatform', (links) => links.billing),
};

/** The landing page of a location's path; the router matches case-insensitively, so do we. */
export function landingPageFor(pathname: string): LandingPageEntry | undefined {
  const path = pathname.toLowerCase().replace(/\/+$/, '');
  return Object.hasOwn(landingPages, path) ? landingPages[path] : undefined;
}
