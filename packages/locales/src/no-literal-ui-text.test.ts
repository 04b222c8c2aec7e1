import { Linter } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';
import { noLiteralUiText } from '../../../scripts/eslint/no-literal-ui-text.mjs';

/** The lint rule of issue 16 against literal UI text in JSX, on samples it must catch and allow. */
const linter = new Linter({ configType: 'flat' });
const lint = (code: string): string[] =>
  linter
    .verify(
      code,
      [
        {
          files: ['**/*.tsx'],
          languageOptions: {
            parser: tseslint.parser,
            parserOptions: { ecmaFeatures: { jsx: true } },
          },
          rules: { 'no-restricted-syntax': ['error', ...noLiteralUiText] },
        },
      ],
      'sample.tsx',
    )
    .map((m) => m.message);

describe('no literal UI text in JSX', () => {
  it.each([
    '<p>Hello</p>',
    "<p>{'Hello'}</p>",
    '<>{`Hello ${name}`}</>',
    '<p>{`Hello ${name}`}</p>',
    '<button aria-label="Close" />',
    "<input placeholder={'Search news'} />",
    '<img alt="Logo" src={src} />',
    '<abbr title="Frequently asked">FAQ</abbr>',
  ])('rejects %s', (jsx) => {
    expect(lint(`const name = 'x'; const src = ''; export const C = () => ${jsx};`)).not.toEqual(
      [],
    );
  });

  it.each([
    "<p>{t('news.title')}</p>",
    '<button aria-label={t("modal.close")} />',
    '<input type="search" className="ui-input" name="query" />',
    '<p>{count} · {total}</p>',
    '<p>–</p>',
  ])('allows %s', (jsx) => {
    expect(
      lint(
        `const t = (k: string) => k; const count = 1; const total = 2; export const C = () => ${jsx};`,
      ),
    ).toEqual([]);
  });
});
