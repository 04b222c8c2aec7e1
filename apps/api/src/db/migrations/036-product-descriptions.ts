// Issue 37: a My Solutions tile says in one line what the product is. The line is the
// product's own text (content, like its name), so it lives on the product; null for a
// product that has none yet, whose tile then shows no such line.
export const sql = /* sql */ `
alter table products add column description text;
`;
