// Product documents filtered by one facet without a search term (issue 24, ADR 0055): the
// other eight facets' counts are documents per (facet value, facet value) pair, kept exact by
// statement-level triggers in the writing transaction, as the per-value counts of migration
// 013 are. Such a list then sums stored pairs and walks the date index for its page, whatever
// the product's size, instead of hashing every selected document into eight facets.
// Each unordered pair is stored once, the facet with the lower index first (36 per document).

const FACETS = [
  'country',
  'engine',
  'language',
  'module',
  'process',
  'product',
  'release',
  'document_type',
  'type',
] as const;

const facetValues = (alias: string): string =>
  FACETS.map((c, i) => `(${i}::smallint, ${alias}.${c})`).join(', ');

/** Adds (or subtracts) a trigger's transition table to the pair counts, in one pass. */
const addPairs = (rows: string, sign: 1 | -1): string => /* sql */ `
  insert into product_document_facet_pairs (product_id, facet_a, code_a, facet_b, code_b, documents)
  select r.product_id, a.facet, a.code, b.facet, b.code, ${sign} * count(*)::integer
    from ${rows} r
    cross join lateral (values ${facetValues('r')}) a (facet, code)
    cross join lateral (values ${facetValues('r')}) b (facet, code)
   where a.facet < b.facet
   group by r.product_id, a.facet, a.code, b.facet, b.code
   -- One lock order for every writer, so concurrent statements cannot deadlock here.
   order by r.product_id, a.facet, a.code, b.facet, b.code
  on conflict (product_id, facet_a, code_a, facet_b, code_b)
  do update set documents = product_document_facet_pairs.documents + excluded.documents;`;

export const sql = /* sql */ `
create table product_document_facet_pairs (
  product_id text not null references products (id) on delete cascade,
  facet_a smallint not null,
  code_a smallint not null,
  facet_b smallint not null,
  code_b smallint not null,
  documents integer not null,
  primary key (product_id, facet_a, code_a, facet_b, code_b)
);
-- The pairs whose second value is the selected one.
create index product_document_facet_pairs_b_idx
  on product_document_facet_pairs (product_id, facet_b, code_b);

create function product_document_pairs_after_insert() returns trigger language plpgsql as $$
begin
  ${addPairs('inserted_rows', 1)}
  return null;
end $$;
create function product_document_pairs_after_delete() returns trigger language plpgsql as $$
begin
  ${addPairs('deleted_rows', -1)}
  return null;
end $$;
create function product_document_pairs_after_update() returns trigger language plpgsql as $$
begin
  ${addPairs('deleted_rows', -1)}
  ${addPairs('inserted_rows', 1)}
  return null;
end $$;
create function product_document_pairs_after_truncate() returns trigger language plpgsql as $$
begin
  delete from product_document_facet_pairs;
  return null;
end $$;

create trigger product_document_pairs_insert after insert on product_documents
  referencing new table as inserted_rows
  for each statement execute function product_document_pairs_after_insert();
create trigger product_document_pairs_delete after delete on product_documents
  referencing old table as deleted_rows
  for each statement execute function product_document_pairs_after_delete();
create trigger product_document_pairs_update after update on product_documents
  referencing old table as deleted_rows new table as inserted_rows
  for each statement execute function product_document_pairs_after_update();
create trigger product_document_pairs_truncate after truncate on product_documents
  for each statement execute function product_document_pairs_after_truncate();

${addPairs('product_documents', 1)}
`;
