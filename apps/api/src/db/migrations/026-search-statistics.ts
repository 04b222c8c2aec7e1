// A rare search word at 1 000 000 documents (issue 24, ADR 0055 addendum). PostgreSQL's
// statistics of a tsvector column keep the most common words of a 30 000-row sample; a word
// missing from them is assumed to match 0.5 % of the rows. A word in one document of 5 000
// was estimated at 5 000 matches, and the planner then intersected the full-text index with
// all of the product's date index (166 667 entries) instead of reading the 200 matches:
// 117 ms instead of 11 ms. A ten times larger sample (statistics target 1000) sees such words
// and estimates them, at the price of a slower ANALYZE of this table.
export const sql = /* sql */ `
alter table product_document_texts alter column search set statistics 1000;
`;
