// `npm run test:quick`'s lint (issue 26): ESLint and Prettier over the files changed since a
// base commit (argument 1, default HEAD): committed since it, staged, unstaged and untracked.
// Deleted files are skipped; ESLint's and Prettier's caches are the full lint's.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot } from './ensure-deps.mjs';

const base = process.argv[2] ?? 'HEAD';

function git(args) {
  const result = spawnSync('git', args, { cwd: repoRoot, encoding: 'utf8' });
  if (result.status !== 0) {
    console.error(`git ${args.join(' ')} failed: ${result.stderr.trim()}`);
    process.exit(1);
  }
  return result.stdout.split('\n').filter((line) => line !== '');
}

const changed = [
  ...new Set([
    ...git(['diff', '--name-only', '--diff-filter=ACMR', base]),
    ...git(['ls-files', '--others', '--exclude-standard']),
  ]),
].filter((file) => existsSync(join(repoRoot, file)));

const lintable = changed.filter((file) => /\.(ts|tsx|mjs|js)$/.test(file));
console.log(
  `${changed.length} changed file(s) since ${base.slice(0, 10)}, ${lintable.length} for ESLint`,
);

function run(command, args) {
  const result = spawnSync(command, args, { cwd: repoRoot, stdio: 'inherit' });
  return result.status === 0;
}

let ok = true;
if (lintable.length > 0) {
  ok =
    run('npx', [
      'eslint',
      '--max-warnings',
      '0',
      '--no-warn-ignored',
      '--cache',
      '--cache-strategy',
      'content',
      '--cache-location',
      'node_modules/.cache/eslint/',
      ...lintable,
    ]) && ok;
}
if (changed.length > 0) {
  ok =
    run('npx', [
      'prettier',
      '--check',
      '--ignore-unknown',
      '--log-level',
      'warn',
      '--cache',
      '--cache-location',
      'node_modules/.cache/prettier/.prettier-cache',
      ...changed,
    ]) && ok;
}
process.exit(ok ? 0 : 1);
