import { readFile } from 'node:fs/promises';
import { transformWithEsbuild, type Plugin } from 'vite';

/**
 * The first paint's boot script (`boot/boot-after-paint.js`, ADR 0057 and 0077): a classic
 * script that the server writes into every painted page, so the build emits it minified (its
 * comments stay in the source: 3.2 KB became 0.9 KB). It is an asset of the bundle, so
 * `precompress` sees it; under 1 KB it gets no compressed copy (the pages that carry it are
 * compressed whole).
 */
export function bootScript(source: string): Plugin {
  return {
    name: 'portico-boot-script',
    apply: 'build',
    async generateBundle() {
      const { code } = await transformWithEsbuild(await readFile(source, 'utf8'), source, {
        loader: 'js',
        minify: true,
        target: 'es2018',
        legalComments: 'none',
      });
      this.emitFile({ type: 'asset', fileName: 'boot-after-paint.js', source: code });
    },
  };
}
