import type { Queryable } from '../db/db.js';

// English server labels for the keys the spec names, with the spec's own texts (§2, §8), so
// the server copy and the web's built-in defaults say the same thing.
const SOMETHING_WENT_WRONG =
  'Something went wrong. Please send an email to {email} if the situation persists.';

export const englishLabels: Readonly<Record<string, string>> = {
  'news.search.placeholder': 'Search news',
  'faceted-search.label.no-results':
    'Oops, we could not find any results. Please modify your search.',
  'errormessage.401': 'Your session has expired. Redirecting to login...',
  'errormessage.403': SOMETHING_WENT_WRONG,
  'errormessage.404': SOMETHING_WENT_WRONG,
  'errormessage.408': 'Request has timed out. Please try again later.',
  'errormessage.500': SOMETHING_WENT_WRONG,
  'support.title.incident': 'Incident',
  'support.title.service-request': 'Service request',
  'support.title.track-cases': 'Track cases',
  'support.title.track-case': 'Track case',
  'support.title.portals': 'Other portals',
  'support.title.contacts': 'Contacts',
};

export async function seedLabels(tx: Queryable): Promise<void> {
  const rows = [
    ...Object.entries(englishLabels).map(([key, value]) => ['en', key, value] as const),
  ];
  for (const [language, key, value] of rows) {
    await tx.query('insert into labels (language, key, value) values ($1, $2, $3)', [
      language,
      key,
      value,
    ]);
  }
}
