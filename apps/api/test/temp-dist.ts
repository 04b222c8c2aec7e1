import { copyFile, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, gzipSync } from 'node:zlib';

export const indexHtml =
  '<!doctype html><html lang="en"><head><title>Portico</title><script type="module" src="/assets/index-abc123.js"></script></head><body><div id="root"></div></body></html>';
export const appScript = 'console.log("portico");';
export const sourceMap = JSON.stringify({
  version: 3,
  sources: ['../../src/secret-source.tsx'],
  sourcesContent: ['export const everything = "the whole source";'],
  mappings: '',
});
/** The web app's script that starts it after a paint: its source (a build emits it minified). */
export const bootScriptFile = resolve(
  dirname(fileURLToPath(import.meta.url)),
  '../../web/boot/boot-after-paint.js',
);
export const vendorScript = `export const words = ${JSON.stringify('portico '.repeat(400))};`;

/** A fake built SPA (what Vite leaves in apps/web/dist), removed by the returned function. */
export async function createTempDist(): Promise<{ dir: string; remove(): Promise<void> }> {
  const dir = await mkdtemp(join(tmpdir(), 'portico-dist-'));
  await mkdir(join(dir, 'assets'));
  await writeFile(join(dir, 'index.html'), indexHtml);
  await writeFile(join(dir, 'assets', 'index-abc123.js'), appScript);
  // What the web build writes beside its larger files (apps/web/vite-precompress.ts).
  await writeFile(join(dir, 'assets', 'vendor-def456.js'), vendorScript);
  await writeFile(join(dir, 'assets', 'vendor-def456.js.br'), brotliCompressSync(vendorScript));
  await writeFile(join(dir, 'assets', 'vendor-def456.js.gz'), gzipSync(vendorScript));
  await writeFile(join(dir, 'assets', 'index-abc123.js.map'), sourceMap);
  await copyFile(bootScriptFile, join(dir, 'boot-after-paint.js'));
  await writeFile(join(dir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"></svg>');
  await writeFile(join(dir, '.env'), 'SECRET=1');
  return { dir, remove: () => rm(dir, { recursive: true, force: true }) };
}
