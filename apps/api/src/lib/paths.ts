import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The repository root: the nearest folder above this file whose package.json declares the
 * npm workspaces. Works the same from the sources (apps/api/src/lib, run by tsx or Vitest)
 * and from the bundle (apps/api/dist/server.js), so files outside the API (the built SPA)
 * are found without depending on the working directory.
 */
export function findRepoRoot(
  start: string = dirname(fileURLToPath(import.meta.url)),
): string | undefined {
  let dir = start;
  for (;;) {
    const manifest = join(dir, 'package.json');
    if (existsSync(manifest) && declaresWorkspaces(manifest)) return dir;
    const parent = dirname(dir);
    if (parent === dir) return undefined;
    dir = parent;
  }
}

function declaresWorkspaces(manifest: string): boolean {
  try {
    const parsed: unknown = JSON.parse(readFileSync(manifest, 'utf8'));
    return typeof parsed === 'object' && parsed !== null && 'workspaces' in parsed;
  } catch {
    return false;
  }
}

let cachedRoot: string | undefined;

/** The repository root (falls back to the working directory outside a checkout). */
export function repoRoot(): string {
  cachedRoot ??= findRepoRoot() ?? process.cwd();
  return cachedRoot;
}

/** Where Vite puts the built SPA. */
export function webDistDir(): string {
  return join(repoRoot(), 'apps', 'web', 'dist');
}
