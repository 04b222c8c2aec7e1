import type { Db, Queryable } from '../db/db.js';
import { seedOnce } from './seed-once.js';
import { downloadSha256 } from '../modules/my-solutions/index.js';
import { sanitizeHtml } from '../lib/sanitize-html.js';
import { createHash } from 'node:crypto';
import { createPrng, type Prng } from '../lib/prng.js';
import { demoProducts } from './products.js';

const MB = 1024 * 1024;

/** Five releases a year apart in pairs; fixed dates, so every run and machine agree. */
const RELEASES = [
  { version: '2025.1', date: '2025-02-11' },
  { version: '2025.2', date: '2025-06-17' },
  { version: '2025.3', date: '2025-10-14' },
  { version: '2026.1', date: '2026-02-10' },
  { version: '2026.2', date: '2026-06-16' },
] as const;

const AREAS = [
  'general ledger',
  'accounts payable',
  'accounts receivable',
  'project accounting',
  'expense claims',
  'budget planning',
  'payroll',
  'reporting',
  'workflow',
  'procurement',
  'asset management',
  'consolidation',
] as const;
const CHANGES = [
  {
    kind: 'New',
    verb: 'adds',
    what: [
      'a bulk approval view',
      'an audit trail export',
      'saved filters',
      'a REST endpoint',
      'multi-currency rounding rules',
      'keyboard shortcuts',
    ],
  },
  {
    kind: 'Improved',
    verb: 'speeds up',
    what: [
      'period closing',
      'the search index',
      'the import of bank statements',
      'PDF generation',
      'the start page',
    ],
  },
  {
    kind: 'Fixed',
    verb: 'corrects',
    what: [
      'a rounding difference on VAT lines',
      'a time-out when exporting large reports',
      'missing translations in Norwegian',
      'the sort order of attachments',
      'a crash when a supplier has no address',
    ],
  },
] as const;

interface SeedDownload {
  id: string;
  productId: string;
  version: string;
  name: string;
  fileName: string;
  size: number;
  seed: string;
}

function downloadsOf(product: (typeof demoProducts)[number], prng: Prng): SeedDownload[] {
  const out: SeedDownload[] = [];
  RELEASES.forEach((release, index) => {
    const kinds: { key: string; name: string; ext: string; min: number; max: number }[] = [
      { key: 'installer', name: 'installer', ext: 'bin', min: 1 * MB, max: 3 * MB },
    ];
    // The two newest releases also ship an upgrade kit.
    if (index >= RELEASES.length - 2)
      kinds.push({ key: 'upgrade', name: 'upgrade kit', ext: 'bin', min: MB / 2, max: MB });
    for (const kind of kinds) {
      const seed = `${product.id}/${release.version}/${kind.key}`;
      out.push({
        // Opaque: the id says nothing about the product it belongs to.
        id: `d-${createHash('sha256').update(seed).digest('hex').slice(0, 16)}`,
        productId: product.id,
        version: release.version,
        name: `${product.productName} ${release.version} ${kind.name}`,
        fileName: `portico-${product.slug}-${release.version}-${kind.key}.${kind.ext}`,
        size: prng.int(kind.min, kind.max),
        seed,
      });
    }
  });
  return out;
}

/** The true checksums, once per process (tests seed a fresh schema per file). */
const checksums = new Map<string, string>();
function checksumOf(d: SeedDownload): string {
  const key = `${d.seed}:${d.size}`;
  let sum = checksums.get(key);
  if (sum === undefined) {
    sum = downloadSha256(d.seed, d.size);
    checksums.set(key, sum);
  }
  return sum;
}

function notesOf(productName: string, version: string, prng: Prng) {
  const count = prng.int(3, 5);
  return Array.from({ length: count }, (_, position) => {
    const change = prng.pick(CHANGES);
    const what = prng.pick(change.what);
    const area = prng.pick(AREAS);
    return {
      position,
      title: `${change.kind}: ${what} in ${area}`,
      content: sanitizeHtml(
        `<p>${productName} ${version} ${change.verb} ${what} in ${area}.</p>` +
          `<ul><li>Applies to every environment after the upgrade.</li>` +
          `<li>No action is needed unless you customised ${area}.</li></ul>`,
      ),
    };
  });
}

async function isSeeded(db: Queryable): Promise<boolean> {
  const { rows } = await db.query('select 1 from product_releases limit 1');
  return rows.length > 0;
}

/**
 * My Solutions demo data (issue 13): releases, downloads (bytes generated from a seed, true
 * size and SHA-256) and release notes for every demo product, and about a fifth of the demo
 * news linked to each product. Its own check, so a database seeded before it gets it too.
 */
export async function seedMySolutions(db: Db): Promise<void> {
  await seedOnce(db, 727313, isSeeded, async (tx) => {
    const releases: [string, string, string][] = [];
    const downloads: SeedDownload[] = [];
    const notes: {
      productId: string;
      version: string;
      position: number;
      title: string;
      content: string;
    }[] = [];
    demoProducts.forEach((product, p) => {
      const prng = createPrng(1300 + p);
      for (const release of RELEASES) {
        // Products ship a few days apart.
        const date = new Date(`${release.date}T00:00:00Z`);
        date.setUTCDate(date.getUTCDate() + p * 2);
        releases.push([product.id, release.version, date.toISOString().slice(0, 10)]);
        for (const note of notesOf(product.productName, release.version, prng))
          notes.push({ productId: product.id, version: release.version, ...note });
      }
      downloads.push(...downloadsOf(product, prng));
    });
    await tx.query(
      `insert into product_releases (product_id, version, release_date)
       select * from unnest($1::text[], $2::text[], $3::date[])`,
      [releases.map((r) => r[0]), releases.map((r) => r[1]), releases.map((r) => r[2])],
    );
    await tx.query(
      `insert into product_downloads (id, product_id, version, name, file_name, size_bytes, sha256, byte_seed)
       select * from unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::bigint[], $7::text[], $8::text[])`,
      [
        downloads.map((d) => d.id),
        downloads.map((d) => d.productId),
        downloads.map((d) => d.version),
        downloads.map((d) => d.name),
        downloads.map((d) => d.fileName),
        downloads.map((d) => d.size),
        downloads.map(checksumOf),
        downloads.map((d) => d.seed),
      ],
    );
    await tx.query(
      `insert into product_release_notes (product_id, version, position, title, content)
       select * from unnest($1::text[], $2::text[], $3::int[], $4::text[], $5::text[])`,
      [
        notes.map((n) => n.productId),
        notes.map((n) => n.version),
        notes.map((n) => n.position),
        notes.map((n) => n.title),
        notes.map((n) => n.content),
      ],
    );
    // About a fifth of the news belongs to each product (a stable choice per item and product).
    await tx.query(
      `insert into news_products (news_id, product_id)
       select n.id, p.id from news n cross join products p
        where mod(abs(hashtext(p.id || ':' || n.id::text)), 5) = 0
       on conflict do nothing`,
    );
  });
}
