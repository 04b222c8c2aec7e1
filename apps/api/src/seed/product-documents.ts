import type { Queryable } from '../db/db.js';

/** Documents per demo product (issue 13 "hundreds of documents per product"). */
export const DEMO_DOCUMENTS_PER_PRODUCT = 240;

const VERBS = [
  'Configuring',
  'Getting started with',
  'Troubleshooting',
  'Automating',
  'Reporting on',
  'Securing',
  'Migrating',
  'Reconciling',
  'Approving',
  'Integrating',
  'Auditing',
];
const SUBJECTS = [
  'vendor invoices',
  'bank statements',
  'cost centres',
  'purchase orders',
  'timesheets',
  'fixed assets',
  'budgets',
  'VAT returns',
  'expense claims',
  'payment runs',
  'currency revaluation',
  'approval flows',
  'user roles',
  'data imports',
  'period closing',
  'credit notes',
  'salary slips',
];

const pick = (list: readonly string[], expr: string): string =>
  `(array[${list.map((w) => `'${w.replaceAll("'", "''")}'`).join(', ')}])[1 + (${expr}) % ${list.length}]`;

/**
 * The facet columns of a generated document number `g` (0-based), spread so that every
 * value of every facet occurs and the facets vary independently of each other; English and
 * the newer releases are the most frequent, as in a real library. Shared with the bench.
 */
export const generatedFacetColumns = (g: string): string => /* sql */ `
  (${g} * 7 + ${g} / 97) % 12,
  (${g} * 3 + ${g} / 31) % 4,
  case when ${g} % 5 < 2 then 0 else (${g} * 5 + ${g} / 13) % 9 end,
  (${g} * 19 + ${g} / 7) % 10,
  (${g} * 23 + ${g} / 11) % 6,
  (${g} * 13 + ${g} / 17) % 6,
  case when ${g} % 4 = 0 then 7 - (${g} / 4) % 3 else (${g} * 11 + ${g} / 3) % 8 end,
  (${g} * 29 + ${g} / 5) % 7,
  (${g} * 17 + ${g} / 23) % 4`;

/**
 * A publication date inside its release's half year (releases are codes 0-7 from 2023.1, so the
 * newest matches the My Solutions releases and no date lies in the future).
 */
export const generatedPublishedOn = (release: string, g: string): string =>
  `(date '2023-01-15' + (${release}) * 182 + (${g} * 37) % 120)`;

/** Title, summary and HTML body of document `d` (a product_documents row joined to `p`, the product). */
function textColumns(): string {
  return /* sql */ `
    ${pick(VERBS, 'd.id * 7')} || ' ' || lower(m.label) || ': ' || ${pick(SUBJECTS, 'd.id * 3 + d.id / 11')},
    dt.label || ' for ' || p.product_name || ' ' || r.label || ' (' || pc.label || ', ' || l.label ||
      '): ' || ${pick(SUBJECTS, 'd.id * 3 + d.id / 11')} || ' in the ' || lower(pr.label) ||
      ' process, ' || lower(ty.label) || ' topic for ' || c.label || ' on ' || e.label || '.',
    '<h2>Overview</h2><p>This ' || lower(ty.label) || ' topic explains ' ||
      ${pick(SUBJECTS, 'd.id * 3 + d.id / 11')} || ' in ' || m.label || ' of ' || p.product_name ||
      ' ' || r.label || ', as used in the ' || lower(pr.label) || ' process.</p>' ||
    '<h2>Before you start</h2><ul><li>You need the ' || m.label ||
      ' administrator role.</li><li>The database runs on ' || e.label ||
      '.</li><li>Country settings: ' || c.label || '.</li></ul>' ||
    '<h2>Steps</h2><h3>Open the ' || lower(pc.label) || '</h3><p>Sign in and open ' || m.label ||
      ' from the menu of the ' || lower(pc.label) || '.</p>' ||
    '<h3>Check the settings</h3><p>Review the parameters for ' ||
      ${pick(SUBJECTS, 'd.id * 3 + d.id / 11')} || ' and save them.</p>' ||
    '<h3>Run and verify</h3><p>Run the process and compare the result with the <a href="https://community.portico.test/docs/' ||
      d.id || '">worked example</a>.</p>' ||
    '<h2>Troubleshooting</h2><p>If the totals differ, check the period, the currency and the ' ||
      lower(dt.label) || ' of release ' || r.label || '.</p>' ||
    '<h2>Related topics</h2><p>See the ' || lower(dt.label) || ' index of ' || p.product_name || '.</p>'`;
}

/**
 * Writes the texts (and their search vectors) of the product_documents rows that have none,
 * from their facets: shared by the demo seed and the bench so both search the same language.
 */
export async function writeDocumentTexts(tx: Queryable): Promise<void> {
  await tx.query(/* sql */ `
    insert into product_document_texts
      (document_id, product_id, published_on, title, summary, content, search)
    select id, product_id, published_on, title, summary, content,
           setweight(to_tsvector('english', title), 'A') ||
           setweight(to_tsvector('english', summary), 'B') ||
           setweight(to_tsvector('english', content), 'C')
      from (
        select d.id, d.product_id, d.published_on, ${textColumns()}
          from product_documents d
          join products p on p.id = d.product_id
          join product_document_facet_values c on c.facet = 0 and c.code = d.country
          join product_document_facet_values e on e.facet = 1 and e.code = d.engine
          join product_document_facet_values l on l.facet = 2 and l.code = d.language
          join product_document_facet_values m on m.facet = 3 and m.code = d.module
          join product_document_facet_values pr on pr.facet = 4 and pr.code = d.process
          join product_document_facet_values pc on pc.facet = 5 and pc.code = d.product
          join product_document_facet_values r on r.facet = 6 and r.code = d.release
          join product_document_facet_values dt on dt.facet = 7 and dt.code = d.document_type
          join product_document_facet_values ty on ty.facet = 8 and ty.code = d.type
         where not exists (select 1 from product_document_texts t where t.document_id = d.id)
      ) generated (id, product_id, published_on, title, summary, content)`);
}

/**
 * Inserts `perProduct` generated documents for each of the given products in one statement
 * (generate_series), so seeding stays well under a second on PGlite.
 */
export async function insertGeneratedDocuments(
  tx: Queryable,
  productIds: readonly string[],
  perProduct: number,
): Promise<void> {
  await tx.query(
    /* sql */ `
    insert into product_documents
      (product_id, published_on, country, engine, language, module, process, product, release,
       document_type, type)
    select f.product_id, ${generatedPublishedOn('f.release', 'f.g')}, f.country, f.engine,
           f.language, f.module, f.process, f.product, f.release, f.document_type, f.type
      from (
        select p.product_id, g + (p.ord::integer - 1) * $2::integer as g, ${generatedFacetColumns('(g + (p.ord::integer - 1) * $2::integer)')}
          from unnest($1::text[]) with ordinality p (product_id, ord)
          cross join generate_series(0, $2::integer - 1) g
      ) f (product_id, g, country, engine, language, module, process, product, release,
           document_type, type)
     -- Stored in publication order, as a library grows: the newest-first walks stay local.
     order by f.product_id, ${generatedPublishedOn('f.release', 'f.g')}, f.g`,
    [productIds, perProduct],
  );
}

/** The demo library (issue 13 Data): hundreds of documents per product, every facet used. */
export async function seedProductDocuments(tx: Queryable): Promise<void> {
  const { rows } = await tx.query('select 1 from product_documents limit 1');
  if (rows.length > 0) return;
  const { rows: products } = await tx.query<{ id: string }>(
    'select id from products order by id collate "C"',
  );
  await insertGeneratedDocuments(
    tx,
    products.map((p) => p.id),
    DEMO_DOCUMENTS_PER_PRODUCT,
  );
  await writeDocumentTexts(tx);
}
