// Product documentation (issue 13, §9 facets; ADR 0034). Three parts:
// - product_documents: one narrow row per document with its nine §9 facets as small integer
//   codes (facet order: country, engine, language, module, process, product, release,
//   documentType, type), so counting facets over many rows reads little;
// - product_document_texts: title, summary, HTML body and the full-text vector (GIN), apart
//   from the facets so facet scans stay narrow;
// - product_document_facet_counts: documents per product, facet and value, kept exact by
//   statement-level triggers, so the unfiltered list counts nothing (as news_count, ADR 0004).
// The vocabulary (product_document_facet_values) is reference data; keys are what URLs use.

/** [facet index, code, key, label]: codes follow the order a facet lists its values in. */
const vocabulary: readonly (readonly [number, number, string, string])[] = [
  ...(
    [
      ['global', 'Global'],
      ['no', 'Norway'],
      ['se', 'Sweden'],
      ['dk', 'Denmark'],
      ['fi', 'Finland'],
      ['nl', 'Netherlands'],
      ['gb', 'United Kingdom'],
      ['de', 'Germany'],
      ['fr', 'France'],
      ['es', 'Spain'],
      ['pl', 'Poland'],
      ['us', 'United States'],
    ] as const
  ).map(([key, label], i) => [0, i, key, label] as const),
  ...(
    [
      ['sql-server', 'Microsoft SQL Server'],
      ['oracle', 'Oracle Database'],
      ['postgresql', 'PostgreSQL'],
      ['cloud', 'Cloud (managed)'],
    ] as const
  ).map(([key, label], i) => [1, i, key, label] as const),
  ...(
    [
      ['en', 'English'],
      ['nl', 'Dutch'],
      ['no', 'Norwegian'],
      ['sv', 'Swedish'],
      ['de', 'German'],
      ['fr', 'French'],
      ['es', 'Spanish'],
      ['pl', 'Polish'],
      ['pt', 'Portuguese'],
    ] as const
  ).map(([key, label], i) => [2, i, key, label] as const),
  ...(
    [
      ['general-ledger', 'General Ledger'],
      ['accounts-payable', 'Accounts Payable'],
      ['accounts-receivable', 'Accounts Receivable'],
      ['procurement', 'Procurement'],
      ['project-management', 'Project Management'],
      ['payroll', 'Payroll'],
      ['human-resources', 'Human Resources'],
      ['asset-management', 'Asset Management'],
      ['reporting', 'Reporting'],
      ['workflow', 'Workflow'],
    ] as const
  ).map(([key, label], i) => [3, i, key, label] as const),
  ...(
    [
      ['record-to-report', 'Record to report'],
      ['procure-to-pay', 'Procure to pay'],
      ['order-to-cash', 'Order to cash'],
      ['hire-to-retire', 'Hire to retire'],
      ['project-to-profit', 'Project to profit'],
      ['plan-to-perform', 'Plan to perform'],
    ] as const
  ).map(([key, label], i) => [4, i, key, label] as const),
  ...(
    [
      ['core', 'Core application'],
      ['web-client', 'Web client'],
      ['mobile-app', 'Mobile app'],
      ['api', 'Integration API'],
      ['report-engine', 'Report engine'],
      ['self-service', 'Self-service portal'],
    ] as const
  ).map(([key, label], i) => [5, i, key, label] as const),
  ...(
    [
      ['2023.1', '2023.1'],
      ['2023.2', '2023.2'],
      ['2024.1', '2024.1'],
      ['2024.2', '2024.2'],
      ['2025.1', '2025.1'],
      ['2025.2', '2025.2'],
      ['2026.1', '2026.1'],
      ['2026.2', '2026.2'],
    ] as const
  ).map(([key, label], i) => [6, i, key, label] as const),
  ...(
    [
      ['user-guide', 'User guide'],
      ['administration-guide', 'Administration guide'],
      ['installation-guide', 'Installation guide'],
      ['upgrade-guide', 'Upgrade guide'],
      ['reference', 'Reference manual'],
      ['technical-note', 'Technical note'],
      ['faq', 'FAQ'],
    ] as const
  ).map(([key, label], i) => [7, i, key, label] as const),
  ...(
    [
      ['concept', 'Concept'],
      ['task', 'Task'],
      ['reference', 'Reference'],
      ['troubleshooting', 'Troubleshooting'],
    ] as const
  ).map(([key, label], i) => [8, i, key, label] as const),
];

const quote = (text: string): string => `'${text.replaceAll("'", "''")}'`;

/** Adds (or subtracts) a trigger's transition table to the per-value counts, in one pass. */
const addCounts = (rows: string, sign: 1 | -1): string => /* sql */ `
  insert into product_document_facet_counts (product_id, facet, code, documents)
  select r.product_id, f.facet, f.code, ${sign} * count(*)::integer
    from ${rows} r
    cross join lateral (values (0::smallint, r.country), (1::smallint, r.engine),
      (2::smallint, r.language), (3::smallint, r.module), (4::smallint, r.process),
      (5::smallint, r.product), (6::smallint, r.release), (7::smallint, r.document_type),
      (8::smallint, r.type)) f (facet, code)
   group by r.product_id, f.facet, f.code
  on conflict (product_id, facet, code)
  do update set documents = product_document_facet_counts.documents + excluded.documents;`;

export const sql = /* sql */ `
create table product_document_facet_values (
  facet smallint not null check (facet between 0 and 8),
  code smallint not null,
  value_key text not null,
  label text not null,
  primary key (facet, code),
  unique (facet, value_key)
);
insert into product_document_facet_values (facet, code, value_key, label) values
${vocabulary.map(([f, c, k, l]) => `  (${f}, ${c}, ${quote(k)}, ${quote(l)})`).join(',\n')};

create table product_documents (
  id bigint generated always as identity primary key,
  product_id text not null references products (id) on delete cascade,
  published_on date not null,
  country smallint not null,
  engine smallint not null,
  language smallint not null,
  module smallint not null,
  process smallint not null,
  product smallint not null,
  release smallint not null,
  document_type smallint not null,
  type smallint not null
);
-- Pages newest first without a query (index walk, LIMIT/OFFSET).
create index product_documents_date_idx on product_documents (product_id, published_on desc, id desc);

create table product_document_texts (
  document_id bigint primary key references product_documents (id) on delete cascade,
  product_id text not null,
  published_on date not null,
  title text not null,
  summary text not null,
  content text not null,
  -- Title (A), summary (B) and the body's text (C); written with the row.
  search tsvector not null
);
create index product_document_texts_search_idx on product_document_texts using gin (search);
-- A frequent word walks this newest first and stops at the search window (ADR 0034).
create index product_document_texts_date_idx
  on product_document_texts (product_id, published_on desc, document_id desc);

create table product_document_facet_counts (
  product_id text not null references products (id) on delete cascade,
  facet smallint not null,
  code smallint not null,
  documents integer not null,
  primary key (product_id, facet, code)
);

create function product_documents_after_insert() returns trigger language plpgsql as $$
begin
  ${addCounts('inserted_rows', 1)}
  return null;
end $$;
create function product_documents_after_delete() returns trigger language plpgsql as $$
begin
  ${addCounts('deleted_rows', -1)}
  return null;
end $$;
create function product_documents_after_update() returns trigger language plpgsql as $$
begin
  ${addCounts('deleted_rows', -1)}
  ${addCounts('inserted_rows', 1)}
  return null;
end $$;
create function product_documents_after_truncate() returns trigger language plpgsql as $$
begin
  delete from product_document_facet_counts;
  return null;
end $$;

create trigger product_documents_count_insert after insert on product_documents
  referencing new table as inserted_rows
  for each statement execute function product_documents_after_insert();
create trigger product_documents_count_delete after delete on product_documents
  referencing old table as deleted_rows
  for each statement execute function product_documents_after_delete();
create trigger product_documents_count_update after update on product_documents
  referencing old table as deleted_rows new table as inserted_rows
  for each statement execute function product_documents_after_update();
create trigger product_documents_count_truncate after truncate on product_documents
  for each statement execute function product_documents_after_truncate();
`;
