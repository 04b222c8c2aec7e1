// Product news (issues 12 and 13): a news item can be targeted at products. Product news is
// news like any other (it also appears in /news, issue 12); this table says which products'
// news it belongs to. The news editor writes it, `GET /api/products/{productId}/news` reads it.
export const sql = /* sql */ `
create table news_products (
  news_id bigint not null references news (id) on delete cascade,
  product_id text not null references products (id) on delete cascade,
  primary key (product_id, news_id)
);
create index news_products_news_idx on news_products (news_id);
`;
