// The search vectors' most common words as ANALYZE last saw them (pg_stats), in SQL: the one
// reading of the catalogue for the plans that choose by how common a word is (the news
// postings' order of words, a product's news window, the hits' rare test; ADR 0066).

/**
 * SQL of the rows (`tbl`, `e`, `f`, `items`) of the words among `words` (an SQL text[]
 * expression) that are among the most common of the `search` column of each of `tables`:
 * the word's share of the rows, and about how many rows hold it (times the table's rows). A
 * word not listed is rarer than every one that is; a table ANALYZE has not seen has no rows.
 * The table names (never input) let the catalogue's indexes find the statistics. `words` may
 * name an outer query's columns, but not its aliases stats, rel or common.
 */
export const commonWordsSql = (tables: readonly string[], words: string): string => `
  select stats.tablename::text as tbl, common.e, common.f, common.f * rel.reltuples as items
    from pg_stats stats
         join pg_class rel on rel.relname = stats.tablename
          and rel.relnamespace = current_schema()::regnamespace,
         unnest(stats.most_common_elems::text::text[], stats.most_common_elem_freqs)
           as common(e, f)
   where stats.schemaname = current_schema() and stats.attname = 'search'
     and stats.tablename = any(array[${tables.map((t) => `'${t}'`).join(', ')}]::name[])
     and common.e = any((${words})::text[])`;
