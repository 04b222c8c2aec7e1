import { existsSync, readFileSync } from 'node:fs';
import { stat } from 'node:fs/promises';
import { relative, resolve, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FirstPaint, RenderFirstPaint, RuntimeConfig } from '@portico/contracts';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { Env } from '../config/env.js';
import { webDistDir } from '../lib/paths.js';
import { buildRuntimeConfig } from '../modules/runtime-config/index.js';
import { englishTexts } from '../lib/i18n/translate.js';
import { loadSprite, renderFooter, renderHeader } from '../modules/shared/index.js';
import {
  firstPaintDigest,
  firstPaintFor,
  firstPaintStateRoutes,
  isPaintedPath,
  loadFirstPaint,
  paintReaderOf,
} from '../modules/first-paint/index.js';
import { htmlInTwoParts } from './html-stream.js';
import { contentSecurityPolicy } from './security-headers.js';
import { pickEncoding } from '../lib/compress-public.js';
import {
  encodeHtml,
  encodeHtmlOnce,
  inlineScriptHash,
  jsonForScript,
  renderFirstHtml,
  routeAssets,
  type EncodedHtml,
  type FirstHtmlParts,
} from './first-html.js';

export interface SpaOptions {
  /** The built SPA (default: apps/web/dist of this checkout). */
  distDir?: string;
  /** The web build's server entry (default: dist-ssr/first-paint.js beside distDir). */
  firstPaintFile?: string;
}

/** Paths the server itself owns: never answered with the SPA. */
const serverPaths = [
  '/api',
  '/oidc',
  '/shared',
  '/media',
  '/health',
  '/config.json',
  '/support-desk',
];

function isServerPath(path: string): boolean {
  return serverPaths.some((p) => path === p || path.startsWith(`${p}/`));
}

function acceptsHtml(request: FastifyRequest): boolean {
  return (request.headers.accept ?? '').includes('text/html');
}

function cacheControlFor(file: string): string {
  if (file === 'index.html') return 'no-cache';
  // Vite writes content-hashed names under assets/: a changed file is a new address.
  if (file.startsWith('assets/')) return 'public, max-age=31536000, immutable';
  return 'public, max-age=3600';
}

/** The dist file a URL path names, as a path relative to dist; undefined when there is none. */
async function fileFor(distDir: string, urlPath: string): Promise<string | undefined> {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return undefined;
  }
  if (decoded.includes('\0')) return undefined;
  const absolute = resolve(distDir, `.${decoded}`);
  if (!absolute.startsWith(distDir + sep)) return undefined;
  const rel = relative(distDir, absolute).split(sep).join('/');
  if (rel.split('/').some((segment) => segment.startsWith('.'))) return undefined;
  try {
    return (await stat(absolute)).isFile() ? rel : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Routes whose code and styles come with the first HTML (ADR 0021): the news module (/news
 * and everything under it, the portal's landing page) and the two other pages the server can
 * paint (issue 25, ADR 0057).
 */
const ROUTE_SOURCES: readonly { matches: (path: string) => boolean; source: string }[] = [
  {
    matches: (path) => path === '/news' || path.startsWith('/news/'),
    source: 'src/features/news/news.route.tsx',
  },
  {
    matches: (path) => path === '/invoices' || path === '/invoices/',
    source: 'src/features/invoices/invoices.route.tsx',
  },
  {
    matches: (path) => path === '/my-solutions' || path.startsWith('/my-solutions/'),
    source: 'src/features/my-solutions/my-solutions.route.tsx',
  },
];

/** A painted page in two parts: the head goes before the paint is done (ADR 0077). */
interface PaintedHtml {
  /** Everything up to the app's root element: the same for every reader of the address. */
  head: string;
  /** What follows the head, with the app painted for its reader written in. */
  rest(paint: FirstPaint): string;
  /** What follows the head when the paint failed: the app then renders the page itself. */
  unpainted: string;
}

interface FirstHtml {
  /** The shared first HTML of an address, with its route's code and styles preloaded. */
  shared(path: string): EncodedHtml;
  /** The first HTML of an address the server paints for its reader. */
  painted(path: string): PaintedHtml;
  /** A painted page's Content-Security-Policy: the site's, with its inline boot script's hash. */
  paintedPolicy: string;
}

/** Stand for the painted app and its data in a painted page rendered once, at start-up. */
const PAINT_MARK = '\u0000portico-painted-app\u0000';
const STATE_MARK = 'portico-painted-state-mark';

/** `text` cut at the one place `mark` stands: [before, after]. */
function cutAt(text: string, mark: string): [string, string] {
  const at = text.indexOf(mark);
  if (at < 0 || text.indexOf(mark, at + 1) >= 0) {
    throw new Error(`a painted page must hold ${JSON.stringify(mark)} once`);
  }
  return [text.slice(0, at), text.slice(at + mark.length)];
}

function paintedHtml(index: string, parts: FirstHtmlParts): PaintedHtml {
  // The icons go before the app's root, in the head (the app then asks for none).
  const sprite = loadSprite().svg;
  // Rendered once with marks where the paint and its data go: a request only writes its own
  // paint and data in between, the data escaped as the data block escapes it (jsonForScript).
  const marked = renderFirstHtml(index, {
    ...parts,
    firstPaint: { html: PAINT_MARK, state: STATE_MARK, sprite },
  });
  const [head, afterPaint] = cutAt(marked, PAINT_MARK);
  const [betweenPaintAndState, afterState] = cutAt(afterPaint, jsonForScript(STATE_MARK));
  const rest = (html: string, state: unknown) =>
    html + betweenPaintAndState + jsonForScript(state) + afterState;
  return {
    head,
    // The page holds its data's digest only: its boot script asks for the data itself once
    // the first screen's pictures are in (FIRST_PAINT_STATE_PATH, issue 36).
    rest: (paint) => rest(paint.html, { digest: firstPaintDigest(paint.state) }),
    // An empty root: the app finds nothing to hydrate and renders the page (state null).
    unpainted: rest('', null),
  };
}

/** The first HTML for every client route, built once at start-up (ADR 0021). */
function buildFirstHtml(env: Env, distDir: string, config: RuntimeConfig): FirstHtml {
  const index = readFileSync(resolve(distDir, 'index.html'), 'utf8');
  // The script that starts the app after a paint, written into painted pages (a file of
  // public/, so in every build; a test's stand-in build may lack it: the page links it then).
  const bootFile = resolve(distDir, 'boot-after-paint.js');
  const bootScript = existsSync(bootFile) ? readFileSync(bootFile, 'utf8') : undefined;
  const parts = {
    config,
    bootScript,
    // Built once, so in English; the SPA swaps in the header in the user's language.
    header: renderHeader(env, null, englishTexts()),
    footer: renderFooter(env, englishTexts()),
  };
  const other = encodeHtml(renderFirstHtml(index, parts));
  const routes = ROUTE_SOURCES.map(({ matches, source }) => {
    const preload = routeAssets(distDir, source);
    const routeParts: FirstHtmlParts = preload ? { ...parts, preload } : parts;
    return {
      matches,
      html: encodeHtml(renderFirstHtml(index, routeParts)),
      painted: paintedHtml(index, routeParts),
    };
  });
  const routeOf = (path: string) => routes.find((route) => route.matches(path));
  // Every painted address is one of the routes; the plain page stands for any other.
  const otherPainted = paintedHtml(index, parts);
  return {
    shared: (path) => routeOf(path)?.html ?? other,
    painted: (path) => routeOf(path)?.painted ?? otherPainted,
    paintedPolicy: contentSecurityPolicy(env, bootScript ? [inlineScriptHash(bootScript)] : []),
  };
}

/**
 * The first HTML: the shared page, compressed once, or a user's own page (a first paint),
 * compressed now and never stored by a shared cache nor reused for another cookie. A GET of
 * a painted page gets its head at once and the rest once painted; a HEAD waits for the whole.
 */
async function sendHtml(
  request: FastifyRequest,
  reply: FastifyReply,
  html: EncodedHtml | { head: string; rest: () => Promise<string> },
): Promise<FastifyReply> {
  const encoding = pickEncoding(request.headers['accept-encoding']);
  const personal = 'head' in html;
  reply
    .type('text/html; charset=utf-8')
    .header('cache-control', personal ? 'private, no-store' : 'no-cache')
    .header('vary', personal ? 'Accept, Accept-Encoding, Cookie' : 'Accept, Accept-Encoding');
  if (encoding !== 'identity') reply.header('content-encoding', encoding);
  if (!personal) return reply.send(html[encoding]);
  if (request.method !== 'GET')
    return reply.send(encodeHtmlOnce(html.head + (await html.rest()), encoding));
  return reply.send(htmlInTwoParts(encoding, html.head, html.rest, reply.raw));
}

export const notBuiltMessage =
  'The Portico web app has not been built yet (apps/web/dist is missing).\n' +
  'Run `npm run build` (or simply `npm start`, which builds when needed) and reload this page.\n';

/**
 * Serves the built SPA (issue 2 §1): its files, and the first HTML (index.html with the
 * configuration, header and footer written in: first-html.ts, ADR 0021) for any other GET
 * that asks for HTML outside the server's own paths, so client-side routes survive a reload.
 * Register it last. Anything else falls through to the JSON 404.
 */
export const spaPlugin: FastifyPluginAsync<SpaOptions> = async (app, options) => {
  const distDir = resolve(options.distDir ?? webDistDir());
  const built = existsSync(resolve(distDir, 'index.html'));
  // Built once: every page carries it, the painted ones in their data block too.
  const config = buildRuntimeConfig(app.env, loadSprite().hash);
  const firstHtml = built ? buildFirstHtml(app.env, distDir, config) : null;
  // The web build's renderer is imported on the first painted page, not here: the import takes
  // seconds on a loaded machine, and start-up must not wait on it (Fastify gives a plugin 10 s;
  // CI once ran out of them). A listening server starts the import at once, so readers don't wait.
  const rendererFile =
    options.firstPaintFile ?? resolve(distDir, '..', 'dist-ssr', 'first-paint.js');
  let renderer: Promise<RenderFirstPaint | null> | undefined;
  const loadRenderer = (): Promise<RenderFirstPaint | null> =>
    (renderer ??= loadFirstPaint(rendererFile).catch((error: unknown) => {
      app.log.error({ err: error }, 'The first-paint renderer did not load: the app paints alone.');
      return null;
    }));
  await app.register(firstPaintStateRoutes, {
    renderer: built ? loadRenderer : () => Promise.resolve(null),
    config,
  });
  if (built) {
    app.addHook('onListen', (done) => {
      void loadRenderer();
      done();
    });
    await app.register(fastifyStatic, {
      root: distDir,
      serve: false,
      cacheControl: false,
      index: false,
      // The web build writes .br and .gz copies of its text files (apps/web/vite-precompress.ts):
      // the smaller one the browser accepts is sent, with no compression work per request.
      preCompressed: true,
    });
  } else {
    app.log.warn(
      `The web app is not built (${distDir} has no index.html); pages answer 503 until it is.`,
    );
  }

  // `public`: this catch-all never serves anything under /api (it hands those to the JSON 404),
  // so the bearer check must not turn an unknown /api path into a 401.
  app.get('/*', { config: { public: true } }, async (request, reply) => {
    const path = request.url.split('?', 1)[0] ?? '/';
    if (isServerPath(path)) return reply.callNotFound();

    if (!built) {
      if (!acceptsHtml(request)) return reply.callNotFound();
      return reply
        .code(503)
        .type('text/plain; charset=utf-8')
        .header('cache-control', 'no-store')
        .send(notBuiltMessage);
    }

    const file = await fileFor(distDir, path);
    if (file && file !== 'index.html') {
      reply.header('cache-control', cacheControlFor(file)).header('vary', 'Accept-Encoding');
      return reply.sendFile(file);
    }
    if (!acceptsHtml(request) && file !== 'index.html') return reply.callNotFound();
    // Client-side route: the SPA decides what to show (and its own "not found").
    if (!firstHtml) return reply.callNotFound();
    const reader = isPaintedPath(path) ? await paintReaderOf(app, request) : null;
    const render = reader ? await loadRenderer() : null;
    if (reader && render) {
      const page = firstHtml.painted(path);
      const rest = async () => {
        try {
          const painted = await firstPaintFor(app, render, request, reader, config);
          return painted ? page.rest(painted) : page.unpainted;
        } catch (error) {
          request.log.warn({ err: error }, 'no first paint of the page');
          return page.unpainted;
        }
      };
      reply.header('content-security-policy', firstHtml.paintedPolicy);
      return sendHtml(request, reply, { head: page.head, rest });
    }
    return sendHtml(request, reply, firstHtml.shared(path));
  });
};
