import webDe from '../catalog/web/de.json' with { type: 'json' };
import webEs from '../catalog/web/es.json' with { type: 'json' };
import webFr from '../catalog/web/fr.json' with { type: 'json' };
import webNl from '../catalog/web/nl.json' with { type: 'json' };
import webNo from '../catalog/web/no.json' with { type: 'json' };
import webPl from '../catalog/web/pl.json' with { type: 'json' };
import webPt from '../catalog/web/pt.json' with { type: 'json' };
import webSv from '../catalog/web/sv.json' with { type: 'json' };
import serverDe from '../catalog/server/de.json' with { type: 'json' };
import serverEn from '../catalog/server/en.json' with { type: 'json' };
import serverEs from '../catalog/server/es.json' with { type: 'json' };
import serverFr from '../catalog/server/fr.json' with { type: 'json' };
import serverNl from '../catalog/server/nl.json' with { type: 'json' };
import serverNo from '../catalog/server/no.json' with { type: 'json' };
import serverPl from '../catalog/server/pl.json' with { type: 'json' };
import serverPt from '../catalog/server/pt.json' with { type: 'json' };
import serverSv from '../catalog/server/sv.json' with { type: 'json' };
import { PSEUDO_LANGUAGE, type Language, type LabelLanguage } from './languages.js';
import { pseudoLocalize } from './pseudo.js';
import { WEB_ENGLISH } from './web-english.js';

/**
 * The translation catalogues: flat JSON files of key → text per language, versioned with the
 * code (ADR 0040). `web` holds the SPA's labels (served by GET labels/cpplabels), `server` the
 * texts the API renders itself (header, sign-in pages, e-mail, support desk). Each `en.json`
 * is generated from the English defaults in code (`npm run labels:extract`); the other eight
 * are translations of it, checked for completeness by `catalogs.test.ts`. Server-only: the
 * web app receives its catalogue from the labels call and never bundles them.
 */
export type Catalog = Readonly<Record<string, string>>;
export type CatalogPart = 'web' | 'server';

export const CATALOGS: Readonly<Record<CatalogPart, Readonly<Record<Language, Catalog>>>> = {
  web: {
    en: WEB_ENGLISH,
    de: webDe,
    es: webEs,
    fr: webFr,
    nl: webNl,
    no: webNo,
    pt: webPt,
    pl: webPl,
    sv: webSv,
  },
  server: {
    en: serverEn,
    de: serverDe,
    es: serverEs,
    fr: serverFr,
    nl: serverNl,
    no: serverNo,
    pt: serverPt,
    pl: serverPl,
    sv: serverSv,
  },
};

const pseudo = new Map<CatalogPart, Catalog>();

/** A catalogue in a label language; the pseudo-locale is derived from English on first use. */
export function catalogFor(part: CatalogPart, language: LabelLanguage): Catalog {
  if (language !== PSEUDO_LANGUAGE) return CATALOGS[part][language];
  let derived = pseudo.get(part);
  if (derived === undefined) {
    derived = Object.fromEntries(
      Object.entries(CATALOGS[part].en).map(([key, value]) => [key, pseudoLocalize(value)]),
    );
    pseudo.set(part, derived);
  }
  return derived;
}
