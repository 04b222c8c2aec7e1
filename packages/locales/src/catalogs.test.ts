import { readFileSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { catalogPath, extractEnglish } from '../../../scripts/labels-extract.js';
import { catalogProblems } from './check-catalog.js';
import { SUPPORTED_LANGUAGES, type Language } from './languages.js';
import { pluralBase } from './plurals.js';

/**
 * The completeness check of issue 16, in `npm test`: the English catalogues are what the code
 * defines, every key the code uses is defined, and the eight translations are complete.
 */
const repoRoot = resolve(import.meta.dirname, '../../..');
const read = (path: string): Record<string, string> =>
  JSON.parse(readFileSync(path, 'utf8')) as Record<string, string>;
const translated = SUPPORTED_LANGUAGES.filter((l): l is Exclude<Language, 'en'> => l !== 'en');

function sources(dir: string): string[] {
  return readdirSync(join(repoRoot, dir), { recursive: true, encoding: 'utf8' })
    .filter((p) => /\.tsx?$/.test(p) && !/\.test\.tsx?$/.test(p) && !p.includes('node_modules'))
    .map((p) => join(repoRoot, dir, p));
}

/** Label keys named literally in t('…') / i18n.t('…') calls. */
function keysUsedIn(files: string[]): Map<string, string> {
  const used = new Map<string, string>();
  for (const file of files) {
    const text = readFileSync(file, 'utf8');
    for (const m of text.matchAll(/\bt\(\s*'([a-z0-9][\w.-]*\.[\w.-]+)'/g)) {
      if (m[1] !== undefined) used.set(m[1], file);
    }
  }
  return used;
}

const definedBases = (catalog: Record<string, string>): Set<string> =>
  new Set(Object.keys(catalog).flatMap((key) => [key, pluralBase(key) ?? key]));

describe('label catalogues (ADR 0040)', () => {
  it('en.json holds exactly the English defaults in code (run npm run labels:extract)', async () => {
    const english = await extractEnglish();
    expect(read(catalogPath('web', 'en'))).toEqual(english.web);
    expect(read(catalogPath('server', 'en'))).toEqual(english.server);
  });

  it('defines every web label key the code uses', () => {
    const defined = definedBases(read(catalogPath('web', 'en')));
    const missing = [...keysUsedIn(sources('apps/web/src'))].filter(([key]) => !defined.has(key));
    expect(missing).toEqual([]);
  });

  it('defines labels only in *.labels.ts files, so the extraction sees them all', () => {
    const stray = sources('apps/web/src').filter(
      (file) =>
        !file.endsWith('.labels.ts') &&
        !file.endsWith('define-labels.ts') &&
        readFileSync(file, 'utf8').includes('defineLabels('),
    );
    expect(stray).toEqual([]);
  });

  it.each(translated)('%s translates every web and server key', (language) => {
    const problems = (['web', 'server'] as const).flatMap((part) =>
      catalogProblems(
        language,
        read(catalogPath(part, 'en')),
        read(catalogPath(part, language)),
      ).map((p) => `${part} ${p}`),
    );
    expect(problems).toEqual([]);
  });
});
