// Addresses both apps write (zod-free: the web's entry imports it).

/**
 * A URL-safe slug of a title: 'Cloud & ERP: what's new?' → 'cloud-erp-what-s-new'. Accents
 * are folded to their base letters; a title with no usable characters gives 'item'.
 */
export function slugify(title: string): string {
  const slug = title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return slug === '' ? 'item' : slug;
}

/** A news item's page in the app (§2 news-item/{slug}/{id}). */
export const newsItemPath = (title: string, id: string | number): string =>
  `/news/news-item/${encodeURIComponent(slugify(title))}/${encodeURIComponent(String(id))}`;

/**
 * A list's page number as an address carries it (`?page=3`, `/news/3`): 1-based, at most nine
 * digits; undefined for anything else (the list then shows its first page).
 */
export function pageOfParam(value: string | null | undefined): number | undefined {
  return value != null && /^[1-9]\d{0,8}$/.test(value) ? Number(value) : undefined;
}
