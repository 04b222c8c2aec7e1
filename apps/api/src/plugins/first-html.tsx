import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import { FIRST_PAINT_STATE_PATH, type RuntimeConfig } from '@portico/contracts';
import type { ReactNode } from 'react';
import { renderFragment } from '../lib/render/html-document.js';

/**
 * The first HTML of the SPA (ADR 0021): the built index.html with what the app used to fetch
 * one after the other before it could show anything, written in:
 * - the runtime configuration, as a JSON data block (`#portico-config`; never executed, so
 *   the Content-Security-Policy needs nothing new), instead of GET /config.json;
 * - the shared header and footer as inert templates (`#portico-shared-header`,
 *   `#portico-shared-footer`), instead of GET /shared/header and /shared/footer. The header
 *   is the signed-out one: the same markup for everybody, so the page can be cached and no
 *   user's data is ever in it; the SPA sanitises both like fetched HTML and swaps in the
 *   greeting header once the profile is known;
 * - for a route whose code is known in the build manifest, modulepreload and preload links
 *   for its chunk, its imports and its styles, so they load alongside the entry.
 */

export const CONFIG_ELEMENT_ID = 'portico-config';
export const HEADER_TEMPLATE_ID = 'portico-shared-header';
export const FOOTER_TEMPLATE_ID = 'portico-shared-footer';

export interface FirstHtmlParts {
  config: RuntimeConfig;
  header: string;
  footer: string;
  /** Addresses of scripts (modulepreload) and style sheets (preload) the route needs. */
  preload?: { scripts: readonly string[]; styles: readonly string[] };
  /**
   * The app rendered on the server for its user (ADR 0044, 0075), and what the page's data
   * block holds: the digest of the data it was rendered from, which the boot script asks for
   * and the app hydrates with. The route's style sheets are then linked, not just preloaded:
   * the markup needs them.
   */
  firstPaint?: { html: string; state: unknown; sprite: string };
  /**
   * The source of the script that starts the app after the paint (the web build's
   * `boot-after-paint.js`): a painted page carries it inline, its hash in the page's
   * Content-Security-Policy (`inlineScriptHash`). Without it the page links the file.
   */
  bootScript?: string;
}

/**
 * The painted app's data block: its digest in the page, the data itself once the boot script
 * has it (apps/web/src/app/first-paint-hydration.tsx reads it).
 */
export const FIRST_PAINT_STATE_ID = 'portico-first-paint-state';
/** The icon sprite of a painted page (apps/web/src/app/shell/icon-sprite.tsx looks for it). */
export const PAINTED_SPRITE_ID = 'portico-painted-sprite';
/** An empty element right after the painted app: the page is shown once it is parsed. */
export const FIRST_PAINT_END_ID = 'portico-first-paint-end';

/** JSON that cannot end its <script> element nor open a comment inside it. */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/** A template's content may hold any markup except its own end tag. */
function templateBody(html: string): string {
  return html.replace(/<\/template/gi, '&lt;/template');
}

/** Vite's script and module-preload tags in the built index.html. */
const SCRIPT_TAGS = /\s*(<script type="module"[^>]*><\/script>|<link rel="modulepreload"[^>]*>)/g;

/** The entry script and the module preloads Vite wrote into the built index.html. */
function viteScripts(indexHtml: string): { entry: string; preloads: string[] } {
  let entry = '';
  const preloads: string[] = [];
  for (const match of indexHtml.matchAll(SCRIPT_TAGS)) {
    const tag = match[1] ?? '';
    const address = /\s(?:src|href)="([^"]+)"/.exec(tag)?.[1];
    if (address === undefined) continue;
    if (tag.startsWith('<script')) entry = address;
    else preloads.push(address);
  }
  return { entry, preloads };
}

/**
 * With a first paint, the app's code is asked for once the copy is painted (ADR 0044, 0057):
 * the styles and the first images take the connections first, and the copy is on screen
 * before any script runs. One classic script, `boot-after-paint.js`, does it after the next
 * frame: it adds the module preloads (the entry's imports and the route's chunks, fetched side
 * by side, not one level at a time) and imports the entry. Without it a module script runs as
 * soon as parsing ends, often before the first frame, and the app's first render is one long
 * task in front of the paint. It is written into the page (ADR 0077, session 29): as a file it
 * was one more request beside the style sheets and the first pictures, and it ran, with the
 * DOMContentLoaded it held back, as the pictures came in.
 */
function BootAfterPaint({
  entry,
  preloads,
  source,
}: {
  entry: string;
  preloads: readonly string[];
  source: string | undefined;
}) {
  const data = {
    'data-entry': entry,
    'data-preload': preloads.join(' '),
    // The page's data block holds a digest; the script asks for the data there (issue 36).
    'data-state-url': FIRST_PAINT_STATE_PATH,
    'data-state-id': FIRST_PAINT_STATE_ID,
  };
  if (source === undefined) return <script defer src="/boot-after-paint.js" {...data} />;
  return <script {...data} dangerouslySetInnerHTML={{ __html: inlineScriptSource(source) }} />;
}

/**
 * A script's source as it may stand inside a <script> element, unchanged: one that could end
 * the element early or open an HTML comment in it is refused, since escaping would change the
 * text its Content-Security-Policy hash is taken of.
 */
export function inlineScriptSource(source: string): string {
  if (/<\/script|<!--/i.test(source)) {
    throw new Error('an inline script must not hold "</script" or "<!--"');
  }
  return source;
}

/** The Content-Security-Policy source that allows exactly this inline script. */
export function inlineScriptHash(source: string): string {
  return `'sha256-${createHash('sha256').update(inlineScriptSource(source), 'utf8').digest('base64')}'`;
}

/** A JSON data block: never executed, so the Content-Security-Policy needs nothing new. */
function DataBlock({ id, value }: { id: string; value: unknown }) {
  return (
    <script
      type="application/json"
      id={id}
      dangerouslySetInnerHTML={{ __html: jsonForScript(value) }}
    />
  );
}

/** What the first HTML adds to the built page's head. */
function FirstHtmlHead({ parts }: { parts: FirstHtmlParts }) {
  const painted = parts.firstPaint !== undefined;
  return (
    <>
      {/* crossorigin as on the stylesheet link Vite adds when the chunk loads: without it the
          two requests differ in CORS mode and the browser fetches the style sheet twice. */}
      {(parts.preload?.styles ?? []).map((href) =>
        painted ? (
          <link key={href} rel="stylesheet" crossOrigin="" href={href} />
        ) : (
          <link key={href} rel="preload" as="style" crossOrigin="" href={href} />
        ),
      )}
      {!painted &&
        (parts.preload?.scripts ?? []).map((href) => (
          <link key={href} rel="modulepreload" crossOrigin="" href={href} />
        ))}
      {/* A painted page is shown once its markup has been parsed whole (the element after it):
          painted while still arriving, its toolbars re-flowed as their later controls came in,
          and the page moved before any script ran (issue 25, ADR 0058). */}
      {painted && <link rel="expect" href={`#${FIRST_PAINT_END_ID}`} blocking="render" />}
      <DataBlock id={CONFIG_ELEMENT_ID} value={parts.config} />
    </>
  );
}

/** What the first HTML adds at the end of the built page's body. */
function FirstHtmlBody({ parts, boot }: { parts: FirstHtmlParts; boot: ReactNode }) {
  // A painted page holds its header and footer once, in the app's markup (ADR 0075).
  if (parts.firstPaint) {
    return (
      <>
        <DataBlock id={FIRST_PAINT_STATE_ID} value={parts.firstPaint.state} />
        {boot}
      </>
    );
  }
  return (
    <>
      <template
        id={HEADER_TEMPLATE_ID}
        dangerouslySetInnerHTML={{ __html: templateBody(parts.header) }}
      />
      <template
        id={FOOTER_TEMPLATE_ID}
        dangerouslySetInnerHTML={{ __html: templateBody(parts.footer) }}
      />
    </>
  );
}

/** The painted app in place of the empty root, its icons first (icon-sprite.tsx leaves them). */
function PaintedRoot({ paint }: { paint: NonNullable<FirstHtmlParts['firstPaint']> }) {
  return (
    <>
      <div
        className="app-icon-sprite"
        id={PAINTED_SPRITE_ID}
        hidden
        aria-hidden="true"
        dangerouslySetInnerHTML={{ __html: paint.sprite }}
      />
      <div id="root" dangerouslySetInnerHTML={{ __html: paint.html }} />
      <template id={FIRST_PAINT_END_ID} />
    </>
  );
}

/**
 * `html` with the first `marker` replaced by `replacement`, taken literally: a string given
 * to String.replace reads `$&`, `$'` and the like, which a news title or a label may hold.
 */
function insertAt(html: string, marker: string, replacement: string): string {
  return html.replace(marker, () => replacement);
}

/**
 * The built index.html with the parts written in. The parts are React elements rendered to
 * markup (ADR 0067): the renderer escapes every address and id; only the JSON data blocks and
 * the raw markup islands (templates, the painted app, the sprite) are written as they are.
 */
export function renderFirstHtml(builtHtml: string, parts: FirstHtmlParts): string {
  const paint = parts.firstPaint;
  const scripts = paint ? viteScripts(builtHtml) : undefined;
  // A painted page loads the app's code after its paint: Vite's own script tags go.
  const indexHtml = paint ? builtHtml.replace(SCRIPT_TAGS, '') : builtHtml;
  const boot = scripts && (
    <BootAfterPaint
      entry={scripts.entry}
      preloads={[...scripts.preloads, ...(parts.preload?.scripts ?? [])]}
      source={parts.bootScript}
    />
  );
  const head = renderFragment(<FirstHtmlHead parts={parts} />);
  const body = renderFragment(<FirstHtmlBody parts={parts} boot={boot} />);
  const root = '<div id="root"></div>';
  const withFirstPaint =
    paint !== undefined && indexHtml.includes(root)
      ? insertAt(indexHtml, root, renderFragment(<PaintedRoot paint={paint} />))
      : indexHtml;
  const withHead = withFirstPaint.includes('</head>')
    ? insertAt(withFirstPaint, '</head>', `${head}</head>`)
    : `${head}\n${withFirstPaint}`;
  return withHead.includes('</body>')
    ? insertAt(withHead, '</body>', `${body}</body>`)
    : `${withHead}\n${body}`;
}

/** The built HTML in the encodings a browser may accept, compressed once. */
export interface EncodedHtml {
  identity: Buffer;
  br: Buffer;
  gzip: Buffer;
}

/** One page for one request (a first paint): compressed quickly, in the encoding asked for. */
export function encodeHtmlOnce(html: string, encoding: 'br' | 'gzip' | 'identity'): Buffer {
  const identity = Buffer.from(html, 'utf8');
  if (encoding === 'br') {
    return brotliCompressSync(identity, {
      params: {
        [zlibConstants.BROTLI_PARAM_QUALITY]: 5,
        [zlibConstants.BROTLI_PARAM_SIZE_HINT]: identity.length,
      },
    });
  }
  return encoding === 'gzip' ? gzipSync(identity, { level: 6 }) : identity;
}

export function encodeHtml(html: string): EncodedHtml {
  const identity = Buffer.from(html, 'utf8');
  return {
    identity,
    br: brotliCompressSync(identity, {
      params: {
        [zlibConstants.BROTLI_PARAM_QUALITY]: 11,
        [zlibConstants.BROTLI_PARAM_SIZE_HINT]: identity.length,
      },
    }),
    gzip: gzipSync(identity, { level: 9 }),
  };
}

/** What a route needs from the build (Vite's manifest): its chunk, the chunks it imports, its CSS. */
export interface RouteAssets {
  scripts: string[];
  styles: string[];
}

interface ManifestEntry {
  file: string;
  imports?: string[];
  css?: string[];
}

/**
 * The assets of `source` (a module path as the manifest names it, e.g.
 * `src/features/news/news.route.tsx`) from dist/.vite/manifest.json; null without a manifest
 * or entry. Chunks the entry already loads are left out (the browser has them on the way).
 */
export function routeAssets(distDir: string, source: string): RouteAssets | null {
  const file = resolve(distDir, '.vite', 'manifest.json');
  if (!existsSync(file)) return null;
  let manifest: Record<string, ManifestEntry>;
  try {
    manifest = JSON.parse(readFileSync(file, 'utf8')) as Record<string, ManifestEntry>;
  } catch {
    return null;
  }
  const route = manifest[source];
  if (!route) return null;
  const entryChunks = new Set<string>();
  const entryKey = Object.keys(manifest).find(
    (key) => (manifest[key] as ManifestEntry & { isEntry?: boolean }).isEntry,
  );
  const walk = (key: string, into: Set<string>) => {
    if (into.has(key)) return;
    into.add(key);
    for (const next of manifest[key]?.imports ?? []) walk(next, into);
  };
  if (entryKey) walk(entryKey, entryChunks);
  const needed = new Set<string>();
  walk(source, needed);
  const scripts: string[] = [];
  const styles: string[] = [];
  for (const key of needed) {
    const entry = manifest[key];
    if (!entry) continue;
    if (!entryChunks.has(key)) scripts.push(`/${entry.file}`);
    for (const css of entry.css ?? []) {
      if (!entryChunks.has(key)) styles.push(`/${css}`);
    }
  }
  return { scripts, styles };
}
