import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

let cached: string | undefined;

/**
 * The shared design tokens (packages/design-tokens/tokens.css, ADR 0067): the very file the
 * web app's build imports, found the way Node finds the workspace package, from the sources
 * and from the bundle alike (both run inside the checkout, beside its node_modules).
 */
export function designTokensCss(): string {
  cached ??= readFileSync(
    createRequire(import.meta.url).resolve('@portico/design-tokens/tokens.css'),
    'utf8',
  );
  return cached;
}
