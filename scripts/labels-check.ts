// Prints what is missing or wrong in the translated catalogues (ADR 0040), for translators:
//   node --import tsx scripts/labels-check.ts            every language
//   node --import tsx scripts/labels-check.ts de pl      some languages
// The same check runs in `npm test` (packages/locales/src/catalogs.test.ts).
import { readFileSync } from 'node:fs';
import { SUPPORTED_LANGUAGES, type Language } from '@portico/locales';
import { catalogProblems } from '@portico/locales/check';
import { catalogPath } from './labels-extract.js';

type Translated = Exclude<Language, 'en'>;
const read = (path: string): Record<string, string> =>
  JSON.parse(readFileSync(path, 'utf8')) as Record<string, string>;

const asked = process.argv.slice(2);
const languages = SUPPORTED_LANGUAGES.filter(
  (l): l is Translated => l !== 'en' && (asked.length === 0 || asked.includes(l)),
);
let count = 0;
for (const part of ['web', 'server'] as const) {
  const english = read(catalogPath(part, 'en'));
  for (const language of languages) {
    for (const problem of catalogProblems(language, english, read(catalogPath(part, language)))) {
      console.log(`${part} ${problem}`);
      count += 1;
    }
  }
}
console.log(count === 0 ? 'Complete.' : `${count} problems.`);
process.exitCode = count === 0 ? 0 : 1;
