// The documentation's bitmaps (ADR 0055 addendum) are a read cache of product_documents in
// each node: any change of the documents, by any writer (a bulk publication, an operator's
// SQL), is announced on the change channel of migration 016 as "<schema> documents", once
// per statement (a publication of 100 000 documents is one notification), and every node
// drops its bitmaps on commit.
export const sql = /* sql */ `
create function portico_notify_documents_changed() returns trigger language plpgsql as $fn$
begin
  perform pg_notify('portico_changes', tg_table_schema || ' documents');
  return null;
end
$fn$;
create trigger product_documents_changed
  after insert or update or delete or truncate on product_documents
  for each statement execute function portico_notify_documents_changed();
`;
