// One ESLint setup for the whole repository (docs/architecture.md, "Rules lint enforces").
import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { noLiteralUiText } from './scripts/eslint/no-literal-ui-text.mjs';
import { layerBasePath, layerZones } from './scripts/eslint/layer-zones.mjs';
import { sqlOnlyInRepositories } from './scripts/eslint/sql-in-repositories.mjs';

/** A card's stretched title link comes only with its card: <Card> and <CardLink> (issue 39). */
const cardLinkOnlyInCard = ['Literal', 'TemplateElement'].map((node) => ({
  selector: `${node}[${node === 'Literal' ? 'value' : 'value.raw'}=/\\bui-card__link\\b/]`,
  message:
    'Use <CardLink>/<CardAnchor> inside <Card> (components/ui/card): the stretched link needs its card.',
}));

/** Markup written as it is skips React's escaping: only where ADR 0067 allows it (below). */
const rawMarkupOnlyInItsPlaces = [
  {
    selector: "JSXAttribute[name.name='dangerouslySetInnerHTML']",
    message:
      'Render the markup with components; rich text goes through <SanitizedHtml> (lib/render/sanitized-html.tsx, ADR 0067).',
  },
];

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/dist-ssr/**',
      'data/**',
      '**/coverage/**',
      '**/.tmp/**',
      '.runtime/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.strictTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        projectService: {
          allowDefaultProject: ['*.mjs', 'scripts/*.mjs', '.ci/*.mjs'],
        },
        tsconfigRootDir: import.meta.dirname,
      },
      globals: { ...globals.node },
    },
    plugins: { 'import-x': importX },
    settings: {
      // Without a resolver import-x crashes on packages like msw and no-cycle never sees .ts
      // files; resolve relative '.js' imports to their .ts/.tsx sources.
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      // Only our own code takes part in the cycle check (bundled deps like PGlite overflow the parser).
      'import-x/ignore': ['node_modules'],
      'import-x/resolver-next': [
        createNodeResolver({
          extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'],
          extensionAlias: { '.js': ['.ts', '.tsx', '.js'] },
        }),
      ],
    },
    rules: {
      // query<Row>(sql) names the row type the caller expects: intended, not unnecessary.
      '@typescript-eslint/no-unnecessary-type-parameters': 'off',
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/restrict-template-expressions': ['error', { allowNumber: true }],
      '@typescript-eslint/no-confusing-void-expression': 'off',
      '@typescript-eslint/consistent-type-imports': 'error',
      'import-x/no-cycle': 'error',
      'import-x/no-default-export': 'error',
    },
  },
  {
    // Classic browser scripts (apps/web/boot, minified by the build): no types to check with.
    files: ['apps/web/boot/*.js'],
    extends: [tseslint.configs.disableTypeChecked],
    languageOptions: { sourceType: 'script', globals: { ...globals.browser } },
  },
  {
    files: ['**/*.mjs'],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    // Tooling configs must export default.
    files: ['**/vite.config.ts', 'vitest.config.ts', 'eslint.config.mjs'],
    rules: { 'import-x/no-default-export': 'off' },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}', 'apps/web/test/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.flatConfigs.recommended.rules,
      // Every user-visible string is a label key with an English default (docs/architecture.md).
      // Text nodes, text in braces and the attributes people read or hear (issue 16).
      'no-restricted-syntax': ['error', ...noLiteralUiText, ...cardLinkOnlyInCard],
    },
  },
  {
    // The HTML the API renders with React (issue 36, ADR 0067): the same accessibility rules
    // and no literal UI text (texts come from the API's catalogue, t(key)).
    files: ['apps/api/src/**/*.tsx'],
    plugins: { 'jsx-a11y': jsxA11y },
    rules: {
      ...jsxA11y.flatConfigs.recommended.rules,
      'no-restricted-syntax': ['error', ...noLiteralUiText],
    },
  },
  {
    files: ['apps/web/src/components/ui/card/card.tsx'],
    rules: { 'no-restricted-syntax': ['error', ...noLiteralUiText] },
  },
  {
    // Lazy route modules need a default export for React.lazy / route.lazy.
    files: ['apps/web/src/**/*.route.tsx', 'apps/web/src/**/*-page.lazy.tsx'],
    rules: { 'import-x/no-default-export': 'off' },
  },
  {
    files: [
      '**/*.test.{ts,tsx}',
      'e2e/**/*.ts',
      'apps/api/test/**/*.ts',
      'apps/web/test/**/*.{ts,tsx}',
      'apps/api/bench/**/*.ts',
    ],
    rules: {
      '@typescript-eslint/no-non-null-assertion': 'off',
      'no-restricted-syntax': 'off',
    },
  },
  {
    // The layers (docs/architecture.md, scripts/eslint/layer-zones.mjs): which folder may
    // import which. Tests and their harnesses may reach any layer; product code not theirs.
    files: ['apps/**/*.{ts,tsx}', 'packages/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}', 'apps/*/test/**', 'apps/*/bench/**'],
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: layerZones, basePath: layerBasePath }],
    },
  },
  {
    // SQL only in repositories (docs/architecture.md, ADR 0071). lib/jobs is the job queue's
    // adapter: pg-boss sends its own SQL through it.
    files: [
      'apps/api/src/modules/**/*.ts',
      'apps/api/src/lib/**/*.ts',
      'apps/api/src/plugins/**/*.ts',
    ],
    ignores: ['**/*.repository.ts', '**/*.test.ts', 'apps/api/src/lib/jobs/**'],
    rules: { 'no-restricted-syntax': ['error', ...sqlOnlyInRepositories] },
  },
  {
    // The React-rendered HTML of the API: no literal UI text (above), no SQL, and markup
    // written as it is only where ADR 0067 allows it.
    files: ['apps/api/src/**/*.tsx'],
    ignores: ['**/*.test.tsx'],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...noLiteralUiText,
        ...sqlOnlyInRepositories,
        ...rawMarkupOnlyInItsPlaces,
      ],
    },
  },
  {
    // The two places (ADR 0067): rich text through the one allow-list, and the first HTML's
    // islands (JSON data blocks, markup React or the build already rendered).
    files: ['apps/api/src/lib/render/sanitized-html.tsx', 'apps/api/src/plugins/first-html.tsx'],
    rules: { 'no-restricted-syntax': ['error', ...noLiteralUiText, ...sqlOnlyInRepositories] },
  },
  prettier,
);
