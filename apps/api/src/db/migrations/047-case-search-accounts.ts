// Issue 38: "this account's cases that match these words" from one index, as migrations 042 and
// 044 did for a product's news and documents. The words' index (004) could not narrow the
// matches to an account: a count or a hits' window read every matching case of every account
// and dropped the others' on the heap (`payroll -compliance` at 100 000 cases, none of them
// the caller's: 20 000 rows read for no match, 10–15 ms for the count and as much again for
// the hits). With the account beside the words (an array of the one account, which the array
// operators index without an extension), the index intersects the words' postings with the
// account's. A GIN index over several columns is read for any of them, so the new index
// answers the words alone (the desk's search over every account) and replaces the old one.
// The title prefixes' index (043) takes the account too, for the suggestions; it keeps its
// name, by which the suggestions read its statistics.
export const sql = /* sql */ `
create index support_cases_search_account_idx
  on support_cases using gin (search, (array[account_id]));
drop index support_cases_search_idx;
create index support_cases_title_prefixes_account_idx
  on support_cases using gin (search_title_prefixes(title_search), (array[account_id]));
drop index support_cases_title_prefixes_idx;
alter index support_cases_title_prefixes_account_idx rename to support_cases_title_prefixes_idx;
`;
