import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export interface Sprite {
  svg: string;
  /** Content hash: the SPA fetches `sprite.svg?v=<hash>`, so the sprite can be cached forever. */
  hash: string;
}

let cached: Sprite | undefined;

/**
 * The icon sprite file. Runtime files sit in an `assets/` folder beside the module that
 * reads them, addressed relative to import.meta.url: from the sources that is
 * src/modules/shared/assets/, from the bundle (dist/server.js) it is dist/assets/, where
 * scripts/build-api.mjs copies them.
 */
export function loadSprite(): Sprite {
  if (!cached) {
    const svg = readFileSync(
      fileURLToPath(new URL('./assets/sprite.svg', import.meta.url)),
      'utf8',
    );
    const hash = createHash('sha256').update(svg).digest('base64url').slice(0, 16);
    cached = { svg, hash };
  }
  return cached;
}
