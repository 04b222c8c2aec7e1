import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Text files worth compressing; source maps are left alone (only devtools fetch them). */
const compressible = /\.(js|mjs|css|html|svg|json)$/;
/** Below this a compressed copy saves less than its headers cost. */
const minBytes = 1024;

/** Every file below `dir`, as paths relative to it. */
async function filesBelow(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((e) => e.isFile()).map((e) => relative(dir, join(e.parentPath, e.name)));
}

/**
 * Writes a Brotli (`.br`) and a gzip (`.gz`) copy beside every text file of the build, once,
 * so the server sends the smaller one a browser accepts without compressing per request
 * (the API's SPA plugin serves them with `preCompressed`). The files of `public/` are copied
 * as they are, not bundled, so they are listed from there: the first paint's
 * `boot-after-paint.js` went out uncompressed (3.0 KB where Brotli sends 1.2).
 */
export function precompress(): Plugin {
  let publicDir = '';
  return {
    name: 'portico-precompress',
    apply: 'build',
    configResolved(config) {
      publicDir = config.publicDir;
    },
    async writeBundle(options, bundle) {
      const dir = options.dir ?? 'dist';
      const copied = publicDir ? await filesBelow(publicDir) : [];
      const files = [...Object.keys(bundle), ...copied].filter((name) => compressible.test(name));
      await Promise.all(
        files.map(async (name) => {
          const path = join(dir, name);
          const content = await readFile(path);
          if (content.length < minBytes) return;
          const [br, gz] = await Promise.all([
            brotli(content, {
              params: {
                [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
                [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
              },
            }),
            gzipAsync(content, { level: constants.Z_BEST_COMPRESSION }),
          ]);
          await Promise.all([writeFile(`${path}.br`, br), writeFile(`${path}.gz`, gz)]);
        }),
      );
    },
  };
}
