// A news search's postings (issue 24, ADR 0055 addendum): one row per (news item, lexeme of
// its search vector) with the item's date and that lexeme's positions, kept in step with
// `news` by statement-level triggers. The newest matches of a one-word search are then a
// range of one B-tree, read index-only in date order, and ranked from the stored positions:
// the GIN index found a word's 5 263 matches at 1 000 000 items quickly, but learning their
// dates and ranks visited every match's heap page.
export const sql = /* sql */ `
-- The lexeme alone with its positions and weights, as a one-lexeme tsvector: ts_rank_cd of a
-- query reads only the query's lexemes' positions of a document (and no length with the
-- default normalisation), so it ranks this entry exactly as it ranks the whole vector.
create function news_term_entry(lexeme text, positions smallint[], weights text[])
returns tsvector language sql immutable parallel safe as $fn$
  select (
    '''' || replace(replace(lexeme, '\\', '\\\\'), '''', '''''') || '''' ||
    coalesce(':' || nullif(array_to_string(
      array(select p::text || w from unnest(positions, weights) as x(p, w)), ','), ''), '')
  )::tsvector
$fn$;

create table news_terms (
  -- Byte order: only equality is asked, and "C" compares fastest.
  lexeme text collate "C" not null,
  publication_date timestamptz not null,
  news_id bigint not null,
  entry tsvector not null
);

-- Lexemes longer than this have no postings (a B-tree entry must fit a third of a page); a
-- search for such a word keeps the plan of ADR 0004.
create function news_terms_inserted() returns trigger language plpgsql as $fn$
begin
  insert into news_terms (lexeme, publication_date, news_id, entry)
  select t.lexeme, n.publication_date, n.id, news_term_entry(t.lexeme, t.positions, t.weights)
    from inserted n, unnest(n.search) t
   where octet_length(t.lexeme) <= 256;
  return null;
end
$fn$;

-- An item's postings are found by its old words, date and id: the one index below serves
-- the writes too (a second index by item would be a third of the postings' size again).
create function news_terms_deleted() returns trigger language plpgsql as $fn$
begin
  delete from news_terms s
   using deleted d, unnest(d.search) t
   where s.lexeme = t.lexeme and s.publication_date = d.publication_date and s.news_id = d.id;
  return null;
end
$fn$;

-- Only rows whose words or date changed (an editor's fix of a typo in the body is one), not
-- a flag such as sales.
create function news_terms_updated() returns trigger language plpgsql as $fn$
begin
  delete from news_terms s
   using old_rows o join new_rows n on n.id = o.id, unnest(o.search) t
   where s.lexeme = t.lexeme and s.publication_date = o.publication_date and s.news_id = o.id
     and (n.search, n.publication_date) is distinct from (o.search, o.publication_date);
  insert into news_terms (lexeme, publication_date, news_id, entry)
  select t.lexeme, n.publication_date, n.id, news_term_entry(t.lexeme, t.positions, t.weights)
    from new_rows n join old_rows o on o.id = n.id, unnest(n.search) t
   where octet_length(t.lexeme) <= 256
     and (n.search, n.publication_date) is distinct from (o.search, o.publication_date);
  return null;
end
$fn$;

create function news_terms_truncated() returns trigger language plpgsql as $fn$
begin
  truncate news_terms;
  return null;
end
$fn$;

create trigger news_terms_insert after insert on news
  referencing new table as inserted for each statement execute function news_terms_inserted();
create trigger news_terms_update after update on news
  referencing old table as old_rows new table as new_rows for each statement
  execute function news_terms_updated();
create trigger news_terms_delete after delete on news
  referencing old table as deleted for each statement execute function news_terms_deleted();
create trigger news_terms_truncate after truncate on news
  for each statement execute function news_terms_truncated();

insert into news_terms (lexeme, publication_date, news_id, entry)
select t.lexeme, n.publication_date, n.id, news_term_entry(t.lexeme, t.positions, t.weights)
  from news n, unnest(n.search) t
 where octet_length(t.lexeme) <= 256;

-- A word's newest matches, in the list's order, with what their rank reads: index-only.
create index news_terms_search_idx
  on news_terms (lexeme, publication_date desc, news_id desc) include (entry);
analyze news_terms;
`;
