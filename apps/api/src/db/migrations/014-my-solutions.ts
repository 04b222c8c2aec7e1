// My Solutions (issue 13): releases per product, the downloads of each release and the
// release notes of each version. A download stores no bytes: its content is generated from
// byte_seed by a keyed stream (AES-256-CTR over zeros, ADR 0037), so any byte range can be
// produced on any node; size and sha256 were computed from that stream when it was seeded.
export const sql = /* sql */ `
create table product_releases (
  product_id text not null references products (id) on delete cascade,
  version text not null,
  release_date date not null,
  primary key (product_id, version)
);
create index product_releases_date_idx on product_releases (product_id, release_date, version);

create table product_downloads (
  id text primary key,
  product_id text not null,
  version text not null,
  name text not null,
  file_name text not null,
  size_bytes bigint not null check (size_bytes >= 0),
  sha256 text not null check (sha256 ~ '^[0-9a-f]{64}$'),
  byte_seed text not null,
  foreign key (product_id, version) references product_releases (product_id, version) on delete cascade
);
create index product_downloads_product_idx on product_downloads (product_id, version);

create table product_release_notes (
  id bigint generated always as identity primary key,
  product_id text not null,
  version text not null,
  position int not null,
  title text not null,
  content text not null,
  foreign key (product_id, version) references product_releases (product_id, version) on delete cascade
);
create index product_release_notes_version_idx on product_release_notes (product_id, version, position);
`;
