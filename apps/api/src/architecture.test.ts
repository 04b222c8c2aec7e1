// The layers are enforced, not described (issue 36, ADR 0071): every lint zone fails on an
// import it forbids and passes the one it allows, SQL outside repositories fails, the real
// ESLint configuration switches both on where they belong, and there is no import circle.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ESLint, Linter } from 'eslint';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';
import { importCircles } from '../../../scripts/eslint/import-circles.mjs';
import { layerBasePath, layerZones } from '../../../scripts/eslint/layer-zones.mjs';
import { sqlOnlyInRepositories } from '../../../scripts/eslint/sql-in-repositories.mjs';

const linter = new Linter({ configType: 'flat', cwd: layerBasePath });

/** The zone messages for `code` as if it were the file at `path` (imports resolve to real files). */
function zoneMessages(path: string, code: string): string[] {
  return linter
    .verify(
      code,
      [
        {
          files: ['**/*.ts', '**/*.tsx'],
          languageOptions: {
            parser: tseslint.parser,
            parserOptions: { ecmaFeatures: { jsx: true } },
          },
          plugins: { 'import-x': importX },
          settings: {
            'import-x/extensions': ['.ts', '.tsx', '.js'],
            'import-x/resolver-next': [
              createNodeResolver({
                extensions: ['.ts', '.tsx', '.js'],
                extensionAlias: { '.js': ['.ts', '.tsx', '.js'] },
              }),
            ],
          },
          rules: {
            'import-x/no-restricted-paths': [
              'error',
              { zones: layerZones, basePath: layerBasePath },
            ],
          },
        },
      ],
      join(layerBasePath, path),
    )
    .map((message) => message.message);
}

const importOf = (specifier: string) => `import * as m from '${specifier}';\nexport { m };\n`;

describe('the layers as lint zones', () => {
  it.each([
    // [file, import, what the zone's message says]
    [
      'apps/api/src/modules/content/content.routes.ts',
      './content.repository.js',
      'A route calls services',
    ],
    [
      'apps/api/src/modules/first-paint/first-paint.service.ts',
      '../news/news.service.js',
      'only through its index.ts',
    ],
    [
      'apps/api/src/modules/oidc/interaction.routes.ts',
      '../user-management/token-rule.js',
      'only through its index.ts',
    ],
    [
      'apps/api/src/plugins/auth.ts',
      '../modules/user-management/token-rule.js',
      'only through its index.ts',
    ],
    [
      'apps/api/src/seed/invoices.ts',
      '../modules/invoices/invoices.repository.js',
      'only through its index.ts',
    ],
    [
      'apps/api/src/modules/news/news.repository.ts',
      './news.service.js',
      'A repository is the bottom',
    ],
    [
      'apps/api/src/modules/news/news.service.ts',
      '../../plugins/errors.js',
      'Modules are below the app',
    ],
    ['apps/api/src/lib/csv.ts', '../modules/news/index.js', 'lib/ is below'],
    ['apps/api/src/lib/csv.ts', '../plugins/errors.js', 'lib/ is below'],
    ['apps/api/src/db/migrate.ts', '../modules/news/index.js', 'db/ holds the drivers'],
    ['apps/api/src/db/migrate.ts', '../seed/seed.js', 'db/ holds the drivers'],
    ['apps/api/src/db/migrate.ts', '../lib/csv.js', 'db/ holds the drivers'],
    ['apps/api/src/app.ts', '../test/test-app.js', 'never imports test code'],
    ['apps/api/src/app.ts', './server.test.js', 'never imports a test file'],
    [
      'apps/web/src/features/news/news.route.tsx',
      '../search/search.route.js',
      'never imports another feature',
    ],
    [
      'apps/web/src/lib/http/http-client.ts',
      '../../features/news/news.route.js',
      'below the features',
    ],
    ['apps/web/src/features/news/news.route.tsx', '../../app/router.js', 'below the app shell'],
    ['apps/web/src/main.tsx', '../test/msw.js', 'never imports test code'],
    ['apps/web/src/main.tsx', '../../../e2e/support/axe.js', 'browser tests'],
    ['packages/contracts/src/paths.ts', '../../../apps/web/src/config/paths.js', 'below both apps'],
  ])('%s may not import %s', (file, specifier, message) => {
    const messages = zoneMessages(file, importOf(specifier));
    expect(messages).toHaveLength(1);
    expect(messages[0]).toContain(message);
  });

  it.each([
    ['apps/api/src/modules/content/content.routes.ts', './content.service.js'],
    ['apps/api/src/modules/first-paint/first-paint.service.ts', '../news/index.js'],
    ['apps/api/src/plugins/auth.ts', '../modules/user-management/index.js'],
    ['apps/api/src/app.ts', './modules/news/index.js'],
    ['apps/api/src/modules/news/news.service.ts', './news.repository.js'],
    ['apps/api/src/modules/news/news.service.ts', '../../lib/csv.js'],
    ['apps/api/src/seed/invoices.ts', '../modules/invoices/index.js'],
    ['apps/web/src/features/news/news.route.tsx', '../../lib/http/http-client.js'],
    ['apps/web/src/app/router.tsx', '../features/news/news.route.js'],
  ])('%s may import %s', (file, specifier) => {
    expect(zoneMessages(file, importOf(specifier))).toEqual([]);
  });
});

describe('SQL only in repositories', () => {
  const sqlMessages = (code: string) =>
    linter
      .verify(
        code,
        [
          {
            files: ['**/*.ts'],
            languageOptions: { parser: tseslint.parser },
            rules: { 'no-restricted-syntax': ['error', ...sqlOnlyInRepositories] },
          },
        ],
        'sample.ts',
      )
      .map((message) => message.message);
  const header = 'declare const app: any, db: any, tx: any, header: string;\n';

  it.each([
    "await app.db.query('select 1');",
    'await tx.query<{ n: number }>(`select 1 as n`);',
    "await db.exec('drop table news');",
  ])('rejects %s', (code) => {
    expect(sqlMessages(header + code)).toEqual([
      expect.stringContaining('SQL lives in repositories'),
    ]);
  });

  it.each([
    '/^"v([0-9]+)"$/.exec(header);',
    'await db.transaction(async (t: unknown) => t);',
    'const q = app.request.query;',
  ])('allows %s', (code) => {
    expect(sqlMessages(header + code)).toEqual([]);
  });
});

describe('the repository ESLint configuration', () => {
  const eslint = new ESLint({ cwd: layerBasePath });
  const rulesOf = async (path: string) =>
    (
      (await eslint.calculateConfigForFile(join(layerBasePath, path))) as {
        rules: Record<string, unknown[]>;
      }
    ).rules;
  const sqlRule = (rules: Record<string, unknown[]>) =>
    JSON.stringify(rules['no-restricted-syntax'] ?? []).includes('SQL lives in repositories');

  it('switches the zones on for product code and off for tests', async () => {
    const product = await rulesOf('apps/api/src/modules/news/news.routes.ts');
    expect(product['import-x/no-restricted-paths']?.[0]).toBe(2);
    expect(product['import-x/no-cycle']?.[0]).toBe(2);
    const test = await rulesOf('apps/api/src/modules/news/news.routes.test.ts');
    expect(test['import-x/no-restricted-paths']).toBeUndefined();
  });

  it('forbids SQL in services, routes, lib and plugins, not in repositories', async () => {
    expect(sqlRule(await rulesOf('apps/api/src/modules/news/news.service.ts'))).toBe(true);
    expect(sqlRule(await rulesOf('apps/api/src/modules/news/news.routes.ts'))).toBe(true);
    expect(sqlRule(await rulesOf('apps/api/src/lib/account-scope.ts'))).toBe(true);
    expect(sqlRule(await rulesOf('apps/api/src/plugins/health.ts'))).toBe(true);
    expect(sqlRule(await rulesOf('apps/api/src/modules/news/news.repository.ts'))).toBe(false);
    expect(sqlRule(await rulesOf('apps/api/src/lib/accounts.repository.ts'))).toBe(false);
    const page = await rulesOf('apps/api/src/modules/shared/footer-template.tsx');
    expect(sqlRule(page)).toBe(true);
    expect(JSON.stringify(page['no-restricted-syntax'])).toContain('JSXText');
  });
});

describe('import circles', () => {
  /** Left to the change that moves the token cache onto lru-cache (issue 36, another step). */
  const pending = [['apps/api/src/plugins/auth.ts', 'apps/api/src/plugins/token-cache.ts']];

  it('finds none in the product code of both apps and the packages, type imports included', () => {
    const roots = [
      'apps/api/src',
      'apps/web/src',
      'packages/contracts/src',
      'packages/locales/src',
    ];
    const circles = importCircles(layerBasePath, roots).filter(
      (circle) => !pending.some((known) => known.join() === circle.join()),
    );
    expect(circles).toEqual([]);
  });

  it('sees a circle made of type-only imports and re-exports', () => {
    const dir = mkdtempSync(join(tmpdir(), 'circles-'));
    try {
      mkdirSync(join(dir, 'src'));
      writeFileSync(
        join(dir, 'src/a.ts'),
        "import type { B } from './b.js';\nexport type A = B;\n",
      );
      writeFileSync(join(dir, 'src/b.ts'), "export type { A as B } from './a.js';\n");
      writeFileSync(
        join(dir, 'src/c.ts'),
        "import type { A } from './a.js';\nexport type C = A;\n",
      );
      expect(importCircles(dir, ['src'])).toEqual([['src/a.ts', 'src/b.ts']]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
