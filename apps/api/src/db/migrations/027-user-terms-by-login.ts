// A page of a query word's matches sorted by last login (issue 24, ADR 0055 addendum): the
// terms' index is in name order, so "dahl" sorted by last login sorted all of its 125 001
// matches at 1 000 000 users. This index is in last-login order within each term (NULLs
// first ascending; read backwards it is '-lastLogin', NULLs last descending), and carries
// what the page's conditions read, so each term of the word's range gives its first rows
// index-only and only those are sorted (the name sorts' way, ADR 0038).
export const sql = /* sql */ `
create index user_search_terms_login_idx
  on user_search_terms (account_id, term, last_login_at nulls first, user_id)
  include (prev_term, status, role);
`;
