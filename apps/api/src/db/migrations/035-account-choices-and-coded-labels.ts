// Issue 37 (ADR 0070). (1) The account picker's recently used accounts, per user on the
// server, so they follow the user to every device and node. (2) Fixed texts stored as codes
// the reader's language names: the billing country as ISO 3166 alpha-2 (printed through
// Intl.DisplayNames), the cloud region as a code (a label each), an invoice line's item as a
// code plus its month (a text each, the month in the reader's language). (3) Each invoice's
// VAT rate, stored: it was only derivable from the amounts; existing rows get
// vat / net rounded to 0.1 %, which the seeded whole-number rates survive exactly.
export const sql = /* sql */ `
create table account_recent_uses (
  user_id text not null references users (id) on delete cascade,
  account_id text not null references accounts (id) on delete cascade,
  used_at timestamptz not null,
  primary key (user_id, account_id)
);
create index account_recent_uses_user_idx on account_recent_uses (user_id, used_at desc);

update billing_addresses set country = case country
    when 'Norway' then 'NO' when 'United Kingdom' then 'GB' when 'Netherlands' then 'NL'
    when 'Sweden' then 'SE' when 'Germany' then 'DE' when 'France' then 'FR'
    when 'Spain' then 'ES' when 'Portugal' then 'PT' when 'Poland' then 'PL'
    else country end;
alter table billing_addresses
  add constraint billing_addresses_country_code check (country ~ '^[A-Z]{2}$') not valid;

update cloud_instances set region = case region
    when 'EU North (Stockholm)' then 'eu-north'
    when 'EU West (Amsterdam)' then 'eu-west'
    when 'UK South (London)' then 'uk-south'
    else region end;
alter table cloud_instances add constraint cloud_instances_region_code
  check (region in ('eu-north', 'eu-west', 'eu-central', 'uk-south', 'us-east', 'ap-southeast'))
  not valid;

alter table invoices add column vat_percent numeric(5, 2);
update invoices set vat_percent = case when net_minor = 0 then 0
                                       else round(vat_minor * 100.0 / net_minor, 1) end;
alter table invoices alter column vat_percent set not null;

alter table invoice_lines add column item_code text, add column period date;
update invoice_lines
   set period = to_date(substring(description from ', ([A-Z][a-z]+ [0-9]{4})$'), 'FMMonth YYYY'),
       item_code = case regexp_replace(description, ', [A-Z][a-z]+ [0-9]{4}$', '')
         when 'ERP cloud subscription' then 'erp-cloud'
         when 'Financials cloud subscription' then 'financials-cloud'
         when 'FP&A cloud subscription' then 'fpa-cloud'
         when 'Additional named users' then 'named-users'
         when 'ERPx partner demo subscription' then 'erpx-partner-demo'
         when 'Partner sandbox storage (GB)' then 'sandbox-storage'
         when 'ERP subscription, professional' then 'erp-professional'
         when 'Housing management module' then 'housing-module'
         when 'Implementation consulting' then 'consulting'
       end
 where description ~ ', [A-Z][a-z]+ [0-9]{4}$';
`;
