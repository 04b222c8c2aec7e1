import type { RuntimeConfig } from '@portico/contracts';

// The defaults of apps/api/src/config/env.ts as /config.json hands them to the app: the web
// tests' configuration and the browser tests against the real server expect the same ones.

/** Where the hand-offs go by default (§2). */
export const SERVER_DEFAULT_LINKS: RuntimeConfig['links'] = {
  community: 'https://community.portico.test',
  csm: 'https://support.portico.test',
  learning: 'https://learning.portico.test',
  learningPartner: 'https://partners.learning.portico.test',
  learningCatalogue: 'https://learning.portico.test/catalogue',
  learningLegacy: 'https://legacy.learning.portico.test',
  learningNorwegian: 'https://learning.portico.test/no',
  learningSwedish: 'https://learning.portico.test/sv',
  marketplace: 'https://marketplace.portico.test',
  dealManagement: 'https://deals.portico.test',
  salesPartners: 'https://salespartners.portico.test',
  resources: 'https://resources.portico.test',
  billing: 'https://billing.portico.test',
  reportEngineDownload: '/downloads/portico-report-engine.zip',
};

/** The contact address the §8 texts and the University page name. */
export const SERVER_DEFAULT_CONTACT_EMAIL = 'support@portico.test';
