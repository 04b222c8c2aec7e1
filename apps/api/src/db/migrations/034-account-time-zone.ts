// Issue 37 (ADR 0069): an account has a time zone, a new user's default in the user form.
// Accounts had none, nor a country; the zone most of an account's users have is where the
// account works, so existing accounts start with it. An account without users takes the
// users' own default since 009.
export const sql = /* sql */ `
alter table accounts add column time_zone text not null default 'Europe/Oslo';

update accounts a set time_zone = z.time_zone
  from (
    select distinct on (account_id) account_id, time_zone
      from users
     group by account_id, time_zone
     order by account_id, count(*) desc, time_zone
  ) z
 where z.account_id = a.id;
`;
