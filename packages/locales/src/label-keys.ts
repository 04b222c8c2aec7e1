// Only the catalogue's type is used: the app imports this module with `import type`.
import webEn from '../catalog/web/en.json' with { type: 'json' };

type WebCatalog = typeof webEn;
type CatalogKey = Extract<keyof WebCatalog, string>;

/** A plural label is asked for by its base: `user-management.total` for `…total_one`, `…total_other`. */
type PluralBase<K extends string> =
  K extends `${infer B}_${'zero' | 'one' | 'two' | 'few' | 'many' | 'other'}` ? B : K;

/**
 * Every label key of the web app (its English catalogue, which holds exactly the defaults in
 * code): a key that is not a label is a type error where the app asks for a text (issue 36).
 */
export type LabelKey = CatalogKey | PluralBase<CatalogKey>;
