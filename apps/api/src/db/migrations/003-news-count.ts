// The number of news items, kept exact by statement-level triggers, so the unfiltered news
// list (the most frequent request) answers X-Total-Count without counting 100 000 index
// entries each time (docs/decisions/0004-news-search-query-plan.md).
export const sql = /* sql */ `
create table news_count (
  singleton boolean primary key default true check (singleton),
  total bigint not null
);
insert into news_count (total) select count(*) from news;

create function news_count_after_insert() returns trigger language plpgsql as $$
begin
  update news_count set total = total + (select count(*) from inserted);
  return null;
end $$;

create function news_count_after_delete() returns trigger language plpgsql as $$
begin
  update news_count set total = total - (select count(*) from deleted);
  return null;
end $$;

create function news_count_after_truncate() returns trigger language plpgsql as $$
begin
  update news_count set total = 0;
  return null;
end $$;

create trigger news_count_insert after insert on news
  referencing new table as inserted for each statement execute function news_count_after_insert();
create trigger news_count_delete after delete on news
  referencing old table as deleted for each statement execute function news_count_after_delete();
create trigger news_count_truncate after truncate on news
  for each statement execute function news_count_after_truncate();
`;
