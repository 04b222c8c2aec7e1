// Writes the English catalogues from the defaults in code (ADR 0040):
//   apps/web/src/**/*.labels.ts  → packages/locales/catalog/web/en.json
//   apps/api/src/**/*.texts.ts   → packages/locales/catalog/server/en.json
// Translators work from these files; the completeness check (packages/locales) fails when
// they are stale, so run `npm run labels:extract` after changing an English default.
import { readdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const repoRoot = resolve(import.meta.dirname, '..');

function filesEndingWith(dir: string, suffix: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((path) => path.endsWith(suffix) && !path.includes('node_modules'))
    .map((path) => join(dir, path))
    .sort();
}

const sorted = (entries: Record<string, string>): Record<string, string> =>
  Object.fromEntries(Object.entries(entries).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));

/** The English defaults of both parts, as the catalogues should hold them. */
export async function extractEnglish(): Promise<{
  web: Record<string, string>;
  server: Record<string, string>;
}> {
  for (const file of filesEndingWith(join(repoRoot, 'apps/web/src'), '.labels.ts')) {
    await import(pathToFileURL(file).href);
  }
  for (const file of filesEndingWith(join(repoRoot, 'apps/api/src'), '.texts.ts')) {
    await import(pathToFileURL(file).href);
  }
  const { registeredDefaults } = await import('../apps/web/src/lib/labels/define-labels.js');
  const { registeredTexts } = await import('../apps/api/src/lib/i18n/define-texts.js');
  return { web: sorted(registeredDefaults()), server: sorted(registeredTexts()) };
}

export const catalogPath = (part: 'web' | 'server', language: string): string =>
  join(repoRoot, 'packages/locales/catalog', part, `${language}.json`);

export const serializeCatalog = (catalog: Record<string, string>): string =>
  `${JSON.stringify(sorted(catalog), null, 2)}\n`;

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const english = await extractEnglish();
  for (const part of ['web', 'server'] as const) {
    writeFileSync(catalogPath(part, 'en'), serializeCatalog(english[part]));
    console.log(`${part}: ${Object.keys(english[part]).length} English texts`);
  }
}
