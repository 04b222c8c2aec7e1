import type { Queryable } from '../src/db/db.js';
import { createPrng } from '../src/lib/prng.js';
import { sanitizeHtml } from '../src/lib/sanitize-html.js';

/**
 * Realistic news rows for the benchmark, generated inside the database with generate_series
 * (one INSERT … SELECT per range; computing the weighted tsvector is most of the cost).
 *
 * The vocabulary is skewed on purpose so the benchmark has words of every frequency:
 * "customers" sits in most items, a product name in a few percent, the last cities of the
 * list in well under one percent, and "zeppelin" in none. The HTML fragments are sanitised
 * once here with the same sanitizeHtml every writer uses; the SQL only concatenates them.
 */
export const FILL_WORDS = {
  /** In most bodies (the stock sentences mention it). */
  common: 'customers',
  /** The rarest city of the list: a few dozen to a few hundred items. */
  rare: 'Reykjavik',
  /** In no item. */
  none: 'zeppelin',
} as const;

const products = [
  'Portico Finance',
  'Portico HR',
  'Portico Payroll',
  'Portico Procurement',
  'Portico Analytics',
  'Portico Projects',
  'Portico Expenses',
  'Portico Assets',
  'Portico Planning',
  'Portico Field Service',
  'Portico Student',
  'Portico Grants',
  'Portico Treasury',
  'Portico Talent',
  'Portico Inventory',
];
const actions = [
  'launches',
  'improves',
  'introduces',
  'expands',
  'simplifies',
  'announces',
  'updates',
  'extends',
  'delivers',
  'secures',
  'streamlines',
  'modernises',
];
const topics = [
  'cloud migration',
  'invoice automation',
  'payroll compliance',
  'supplier onboarding',
  'mobile approvals',
  'budget forecasting',
  'expense reporting',
  'data privacy controls',
  'year-end closing',
  'time tracking',
  'self-service portals',
  'audit trails',
  'tax reporting',
  'workforce scheduling',
  'contract management',
  'asset depreciation',
  'grant tracking',
  'student enrolment',
  'project billing',
  'cash management',
  'vendor payments',
  'learning paths',
  'release notes',
  'security patches',
  'accessibility improvements',
];
// Ordered from frequent to rare: the pick below favours the start of the list.
const cities = [
  'London',
  'Amsterdam',
  'Oslo',
  'Stockholm',
  'Copenhagen',
  'Helsinki',
  'Berlin',
  'Paris',
  'Madrid',
  'Lisbon',
  'Brussels',
  'Dublin',
  'Vienna',
  'Zurich',
  'Warsaw',
  'Prague',
  'Milan',
  'Rome',
  'Toronto',
  'Chicago',
  'Boston',
  'Austin',
  'Denver',
  'Sydney',
  'Melbourne',
  'Singapore',
  'Auckland',
  'Cape Town',
  'Gdansk',
  'Utrecht',
  'Bergen',
  'Tampere',
  'Aarhus',
  'Gothenburg',
  'Rotterdam',
  'Antwerp',
  'Porto',
  'Seville',
  'Krakow',
  'Tallinn',
  'Riga',
  'Vilnius',
  'Bratislava',
  'Ljubljana',
  'Valletta',
  'Tromso',
  'Galway',
  'Reykjavik',
];
const sentences = [
  'Our customers asked for fewer manual steps, and this release answers that request.',
  'The new workflow reduces the time finance teams spend on routine approvals.',
  'Administrators can enable the feature per company from the settings page.',
  'Early adopters report faster month-end closing and clearer audit trails.',
  'The change is available to all customers on the current cloud release.',
  'Partners can register for a walkthrough session in the learning portal.',
  'Reports now load in a fraction of the time they needed before.',
  'We worked with a group of customers to test the design before general availability.',
  'Role-based access keeps sensitive figures visible only to the people who need them.',
  'The mobile app supports the same approvals, including offline capture of receipts.',
  'Integration with common banking formats removes a frequent source of errors.',
  'Existing configurations are migrated automatically during the upgrade window.',
  'A new dashboard summarises open items per department and per cost centre.',
  'Documentation and short videos are published alongside the release.',
  'Support engineers are available to answer questions during the rollout.',
  'The update follows the accessibility guidelines for keyboard and screen-reader users.',
  'Data stays in the region chosen by each customer, as before.',
  'Public-sector organisations can apply the new retention rules immediately.',
  'Scheduling rules take local holidays and working-time regulations into account.',
  'Project managers see budget, actuals and forecast side by side.',
];
const introductions = [
  'A short look at what changes for customers and partners, and what stays the same.',
  'Here is what the latest release brings and how to switch it on.',
  'We spoke with the team behind the feature about the choices they made.',
  'Customers shared how the change affects their daily work.',
  'Everything you need to know before the next upgrade window.',
];

/**
 * A uniform number in [0, 1) derived from the row number and a salt: deterministic, so the
 * same rows come out on every run and ranges can be filled concurrently.
 */
const u = (salt: number, row = 'g.i') =>
  `((hashint4(${row} * 64 + ${salt}) & 2147483647)::float8 / 2147483648)`;
const pick = (param: string, salt: number, skew = 1, row = 'g.i') =>
  `(${param}::text[])[1 + floor(power(${u(salt, row)}, ${skew}) * cardinality(${param}::text[]))::int]`;

/** How many distinct bodies the rows share (composed once, in JS). */
const BODIES = 4096;

/**
 * Bodies composed from the sanitised fragments: a heading, then paragraphs, sometimes a list.
 * Each fragment went through sanitizeHtml (the writers' path); joining clean fragments keeps
 * them clean. Composing here, not per row in SQL, saves a third of the fill time.
 */
function composeBodies(): string[] {
  const clean = (html: string) => sanitizeHtml(html);
  const paragraphs = sentences.map((s) => clean(`<p>${s}</p>`));
  const headings = topics.map((t) => clean(`<h2>${t.charAt(0).toUpperCase()}${t.slice(1)}</h2>`));
  const bullets = clean(
    '<ul><li>Available now</li><li>No extra licence needed</li><li>Switch it on in <strong>Settings</strong></li></ul>',
  );
  const prng = createPrng(4242);
  return Array.from({ length: BODIES }, () => {
    const parts = [prng.pick(headings)];
    for (let n = prng.int(3, 7); n > 0; n--) parts.push(prng.pick(paragraphs));
    if (prng.chance(0.25)) parts.push(bullets);
    for (let n = prng.int(2, 4); n > 0; n--) parts.push(prng.pick(paragraphs));
    return parts.join('');
  });
}

/**
 * Inserts rows `first`..`last` of a fill of `total` rows (row 1 is the oldest, ten years ago;
 * row `total` is today), in one INSERT … SELECT over generate_series.
 */
export async function fillNewsRange(
  db: Queryable,
  first: number,
  last: number,
  total: number,
): Promise<void> {
  await db.query(
    /* sql */ `
    insert into news (title, subtitle, location, publication_date, introduction, content,
                      header_image_large, header_image_medium, header_image_small, sales)
    select
      ${pick('$1', 1)} || ' ' || ${pick('$2', 2)} || ' ' || ${pick('$3', 3)},
      'Field report from ' || ${pick('$4', 4, 4)},
      ${pick('$4', 5, 2)},
      now() - (($8::int - g.i) * 3650.0 / $8::int) * interval '1 day' - ${u(6)} * interval '20 hours',
      ${pick('$5', 7)},
      ${pick('$6', 8)},
      case when g.i % 3 <> 0 then '/media/news/' || (1 + g.i % 12) || '-large.svg' end,
      case when g.i % 3 <> 0 then '/media/news/' || (1 + g.i % 12) || '-medium.svg' end,
      case when g.i % 3 <> 0 then '/media/news/' || (1 + g.i % 12) || '-small.svg' end,
      g.i % 10 = 0
    from generate_series($7::int, $9::int) g(i)`,
    [products, actions, topics, cities, introductions, composeBodies(), first, total, last],
  );
}
