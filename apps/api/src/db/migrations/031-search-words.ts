// Search that finds (issue 38, ADR 0066): PostgreSQL's trigram and unaccent extensions, and
// the vocabulary a misspelt word is corrected against. Extensions belong to a database, not
// to a schema: they live in a schema of their own (portico_ext) that every Portico schema of
// the database shares, and the SQL names their objects with it (portico_ext.similarity …),
// so a schema's search_path never needs them. PGlite loads the same two (db.ts).
//
// search_words: every folded word (lower case, accents removed) of the titles a user may
// find, with the number of titles it is in. Support cases are left out (they belong to one
// account) and so are knowledge articles of one account. Kept by statement-level triggers; a
// word whose titles are gone stays (a correction is only offered when it finds more).
const titled = [
  ['news', 'id', 'true'],
  ['product_document_texts', 'document_id', 'true'],
  ['product_content', 'id', 'true'],
  ['knowledge_articles', 'id', 'r.account_id is null'],
  ['service_catalog_items', 'id', 'true'],
] as const;

const add = (rows: string, where: string) => /* sql */ `
  insert into search_words (word, titles)
  select w, count(*) from ${rows} r, search_word_list(r.title) w where ${where} group by w
  on conflict (word) do update set titles = search_words.titles + excluded.titles;`;

// An update adds the words of the titles it changed (a title's old words keep their count).
const triggers = titled
  .map(
    ([table, key, where]) => /* sql */ `
create function ${table}_words_inserted() returns trigger language plpgsql as $fn$
begin
  ${add('new_rows', where)}
  return null;
end
$fn$;
create function ${table}_words_updated() returns trigger language plpgsql as $fn$
begin
  ${add('new_rows', `${where} and not exists (select 1 from old_rows o where o.${key} = r.${key} and o.title = r.title)`)}
  return null;
end
$fn$;
create trigger ${table}_words_insert after insert on ${table}
  referencing new table as new_rows for each statement execute function ${table}_words_inserted();
create trigger ${table}_words_update after update on ${table}
  referencing old table as old_rows new table as new_rows
  for each statement execute function ${table}_words_updated();
${add(table, where)}`,
  )
  .join('\n');

export const sql = /* sql */ `
-- Two nodes (or test databases of one server) must not create the shared schema at once.
select pg_advisory_xact_lock(727275);
create schema if not exists portico_ext;
create extension if not exists pg_trgm with schema portico_ext;
create extension if not exists unaccent with schema portico_ext;

-- Lower case without accents. unaccent() with its dictionary named is immutable in fact
-- (the one-argument form looks the dictionary up on the search_path, hence only stable).
create function search_fold(value text) returns text
language sql immutable parallel safe strict as $fn$
  select lower(portico_ext.unaccent('portico_ext.unaccent'::regdictionary, value))
$fn$;

-- A title's distinct words of 3 to 40 letters or digits, folded; numbers alone are not words.
create function search_word_list(value text) returns setof text
language sql immutable parallel safe strict as $fn$
  select distinct w from regexp_split_to_table(search_fold(value), '[^[:alnum:]]+') w
   where length(w) between 3 and 40 and w !~ '^[0-9]+$'
$fn$;

create table search_words (
  word text primary key,
  titles integer not null
);
create index search_words_trgm_idx on search_words using gin (word portico_ext.gin_trgm_ops);
${triggers}
`;
