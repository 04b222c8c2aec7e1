// `npm run typecheck`: TypeScript over every project, with TypeScript 7's native compiler
// (the `typescript-7` alias, ADR 0076). ESLint's type-aware rules keep TypeScript 6's API
// (`typescript`), which typescript-eslint needs; both check the same tsconfig files.
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { repoRoot } from './ensure-deps.mjs';

const projects = ['packages/contracts', 'packages/locales', 'apps/api', 'apps/web', 'e2e'];
const tsc = join(
  createRequire(import.meta.url).resolve('typescript-7/package.json'),
  '..',
  'bin',
  'tsc',
);

for (const project of projects) {
  const name = project.split('/').pop();
  const info = join('node_modules', '.cache', 'tsc', `${name}.tsbuildinfo`);
  const result = spawnSync(
    process.execPath,
    [tsc, '-p', project, '--noEmit', '--incremental', '--tsBuildInfoFile', info],
    { cwd: repoRoot, stdio: 'inherit' },
  );
  if (result.status !== 0) {
    console.error(`✖ typecheck failed in ${project}`);
    process.exit(result.status ?? 1);
  }
}
