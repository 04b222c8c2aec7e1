// Issue 38: "this product's documents that match these words" from one index, as migration 042
// did for news. The words' index (013) could not narrow the matches to a product: the planner
// ANDed it with the product's B-tree (166 000 rows' bitmap at a million documents) or
// re-checked other products' documents, and a count of a frequent query took 87–117 ms. With
// the product beside the words in the GIN index (an array of the one product, which the
// array operators index without an extension), the index intersects the words' postings with
// the product's: 9–21 ms. The new index answers the words alone as the old one did (a GIN
// index over several columns is read for any of them) and is no larger (75 MB against
// 74 MB), so it replaces it.
export const sql = /* sql */ `
create index product_document_texts_search_product_idx
  on product_document_texts using gin (search, (array[product_id]));
drop index product_document_texts_search_idx;
`;
