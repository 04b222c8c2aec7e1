import tseslint from 'typescript-eslint';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import { layerBasePath, layerZones } from '/work/wt-layers/scripts/eslint/layer-zones.mjs';
export default [
  { ignores: ['**/node_modules/**', '**/dist/**', '**/*.test.ts', '**/*.test.tsx', 'apps/*/test/**', 'apps/*/bench/**', 'e2e/**', '.runtime/**'] },
  {
    files: ['apps/**/*.{ts,tsx}', 'packages/**/*.{ts,tsx}'],
    languageOptions: { parser: tseslint.parser },
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/ignore': ['node_modules'],
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'], extensionAlias: { '.js': ['.ts', '.tsx', '.js'] } })],
    },
    linterOptions: { reportUnusedDisableDirectives: 'off' },
    rules: { 'import-x/no-restricted-paths': ['error', { zones: layerZones, basePath: layerBasePath }] },
  },
];
