import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { runtimeConfigSchema } from '@portico/contracts';
import { JSDOM } from 'jsdom';
import { describe, expect, it } from 'vitest';
import { platformAppPerSuite } from '../../test/platform-app.js';
import { pickEncoding } from '../lib/compress-public.js';
import { createHash } from 'node:crypto';
import { inlineScriptHash, renderFirstHtml } from './first-html.js';

const html = { accept: 'text/html', 'accept-encoding': 'identity' };

// A build manifest like Vite's: the entry imports react and vendor; the news route has its
// own chunk, a shared toolbar chunk and its styles.
const manifest = {
  'index.html': {
    file: 'assets/index-abc123.js',
    isEntry: true,
    imports: ['_react-1.js', '_vendor-2.js'],
    css: ['assets/index-3.css'],
  },
  '_react-1.js': { file: 'assets/react-1.js' },
  '_vendor-2.js': { file: 'assets/vendor-2.js' },
  '_toolbar-4.js': { file: 'assets/toolbar-4.js', imports: ['_react-1.js'] },
  'src/features/news/news.route.tsx': {
    file: 'assets/news.route-5.js',
    isDynamicEntry: true,
    imports: ['_react-1.js', '_toolbar-4.js'],
    css: ['assets/news-6.css'],
  },
};

/** Markup as a template element holds it (the parser's own serialisation). */
function asTemplate(document: Document, markup: string): string {
  const template = document.createElement('template');
  template.innerHTML = markup;
  return template.innerHTML;
}

describe('the first HTML (ADR 0021)', () => {
  const suite = platformAppPerSuite({
    tempDist: async (dir) => {
      await mkdir(join(dir, '.vite'));
      await writeFile(join(dir, '.vite', 'manifest.json'), JSON.stringify(manifest));
    },
  });

  const page = async (url: string, headers: Record<string, string> = html) => {
    const response = await suite.get(url, headers);
    expect(response.statusCode).toBe(200);
    return { response, document: new JSDOM(response.body).window.document };
  };

  it('carries the runtime configuration: the same as /config.json', async () => {
    const { document } = await page('/news');
    const element = document.getElementById('portico-config');
    expect(element?.getAttribute('type')).toBe('application/json');
    const inline = runtimeConfigSchema.parse(JSON.parse(element?.textContent ?? ''));
    const served = await suite.get('/config.json');
    expect(inline).toEqual(served.json());
  });

  it('carries the shared header and footer as inert templates, the same for every user', async () => {
    const signedOut = await suite.get('/shared/header');
    const footer = await suite.get('/shared/footer');
    // A browser that sends a USER cookie (a signed-in partner) still gets the anonymous header.
    const partner = encodeURIComponent(
      JSON.stringify({ firstName: 'Paula', lastName: 'Partner', permissions: ['PARTNER'] }),
    );
    for (const cookie of [undefined, `USER=${partner}`]) {
      const { response, document } = await page('/news', {
        ...html,
        ...(cookie ? { cookie } : {}),
      });
      const header = document.getElementById('portico-shared-header') as HTMLTemplateElement;
      const footerTemplate = document.getElementById(
        'portico-shared-footer',
      ) as HTMLTemplateElement;
      expect(header.tagName).toBe('TEMPLATE');
      // The same markup as GET /shared/header without a USER cookie, and GET /shared/footer.
      expect(header.innerHTML).toBe(asTemplate(document, signedOut.body));
      expect(footerTemplate.innerHTML).toBe(asTemplate(document, footer.body));
      expect(header.content.querySelector('.portico-header__greeting')).toBeNull();
      expect(response.body).not.toContain('Paula');
      expect(response.body).not.toContain('Sales Partners');
      // Nothing in them runs: no scripts, no inline handlers, no javascript: links.
      for (const template of [header, footerTemplate]) {
        const content = template.content;
        expect(content.querySelector('script, iframe, object, embed')).toBeNull();
        for (const element of content.querySelectorAll('*')) {
          for (const { name, value } of element.attributes) {
            expect(name.startsWith('on'), `${element.tagName} ${name}`).toBe(false);
            expect(value.trim().toLowerCase().startsWith('javascript:')).toBe(false);
          }
        }
      }
      // Templates are inert: the page shows nothing of them until the app takes them over.
      expect(document.body.querySelector(':scope > .portico-header')).toBeNull();
      expect(response.headers['cache-control']).toBe('no-cache');
    }
  });

  it('preloads the news chunk, its imports and its styles under /news only', async () => {
    const { document } = await page('/news?page=2');
    const preloads = [...document.head.querySelectorAll('link[rel=modulepreload]')].map((link) =>
      link.getAttribute('href'),
    );
    expect(preloads).toEqual(['/assets/news.route-5.js', '/assets/toolbar-4.js']);
    expect(
      [...document.head.querySelectorAll('link[rel=preload][as=style]')].map((link) =>
        link.getAttribute('href'),
      ),
    ).toEqual(['/assets/news-6.css']);
    // Same CORS mode as the stylesheet link Vite's loader adds, so it is fetched once.
    expect(
      document.head.querySelector('link[rel=preload][as=style]')?.hasAttribute('crossorigin'),
    ).toBe(true);

    const other = await page('/university');
    expect(other.document.querySelector('link[rel=modulepreload]')).toBeNull();
    expect(other.document.getElementById('portico-config')).not.toBeNull();
  });

  it('is sent compressed when the browser accepts it', async () => {
    const identity = await suite.get('/news', html);
    const br = await suite.get('/news', {
      accept: 'text/html',
      'accept-encoding': 'gzip, deflate, br',
    });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['vary']).toContain('Accept-Encoding');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(identity.body);
    const gz = await suite.get('/news', { accept: 'text/html', 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(identity.body);
  });

  it('reads Accept-Encoding with q-values', () => {
    expect(pickEncoding('gzip, br;q=0')).toBe('gzip');
    expect(pickEncoding('br;q=0.5, gzip')).toBe('br');
    expect(pickEncoding(undefined)).toBe('identity');
    expect(pickEncoding('deflate')).toBe('identity');
  });

  it('cannot be broken out of by a configured value', () => {
    const out = renderFirstHtml('<html><head></head><body></body></html>', {
      config: { contactEmail: '</script><script>alert(1)</script>' } as never,
      header: '<div>a</template><script>alert(2)</script></div>',
      footer: '',
    });
    const document = new JSDOM(out).window.document;
    expect(document.querySelectorAll('script')).toHaveLength(1);
    expect(JSON.parse(document.getElementById('portico-config')?.textContent ?? '')).toEqual({
      contactEmail: '</script><script>alert(1)</script>',
    });
  });

  it("writes the painted app into the root, its data beside it, and the shell's texts as they are, dollar signs included", () => {
    // String.replace would read "$'" as "the rest of the page" and "$&" as the marker.
    const title = "Save $$ now: $' and $& stay text";
    const out = renderFirstHtml(
      '<html><head><script type="module" src="/assets/index-1.js"></script><link rel="modulepreload" crossorigin href="/assets/react-1.js"></head><body><div id="root"></div></body></html>',
      {
        config: {} as never,
        header: `<p>${title}</p>`,
        footer: '',
        firstPaint: {
          html: `<h2 class="card">${title}</h2>`,
          state: { queries: { title: `</script><script>${title}` } },
          sprite: '<svg><symbol id="icon-x"></symbol></svg>',
        },
        preload: { scripts: ['/assets/news-1.js'], styles: [] },
      },
    );
    const document = new JSDOM(out).window.document;
    // The app's own markup, in its root: React hydrates it (ADR 0075).
    expect(document.querySelector('#root > .card')?.textContent).toBe(title);
    expect(document.querySelectorAll('#root')).toHaveLength(1);
    // The data it was rendered from, as JSON that cannot end its element early.
    const state = document.getElementById('portico-first-paint-state');
    expect(state?.getAttribute('type')).toBe('application/json');
    expect(JSON.parse(state?.textContent ?? 'null')).toEqual({
      queries: { title: `</script><script>${title}` },
    });
    // The icons the painted page draws, outside the root.
    expect(document.querySelector('#portico-painted-sprite symbol#icon-x')).not.toBeNull();
    // The app's code is asked for once the copy is painted (styles and images first, ADR 0057).
    expect(document.querySelector('script[type="module"]')).toBeNull();
    expect(document.querySelector('link[rel="modulepreload"]')).toBeNull();
    const boot = document.querySelector('script[src="/boot-after-paint.js"]');
    expect(boot?.getAttribute('data-entry')).toBe('/assets/index-1.js');
    expect(boot?.getAttribute('data-preload')).toBe('/assets/react-1.js /assets/news-1.js');
    expect(boot?.hasAttribute('defer')).toBe(true);
    // Where it asks for the painted page's data, and the block it writes the data into.
    expect(boot?.getAttribute('data-state-url')).toBe('/api/session/first-paint/state');
    expect(boot?.getAttribute('data-state-id')).toBe('portico-first-paint-state');
    expect(boot?.parentElement?.tagName).toBe('BODY');
    // Shown once the whole app is parsed: the element the browser waits for comes after it.
    const expectLink = document.querySelector('head link[rel="expect"]');
    expect(expectLink?.getAttribute('blocking')).toBe('render');
    const awaited = document.querySelector(expectLink?.getAttribute('href') ?? '#none');
    const root = document.getElementById('root');
    expect(awaited && root && root.compareDocumentPosition(awaited)).toBe(
      root?.DOCUMENT_POSITION_FOLLOWING,
    );
    expect(awaited && root?.contains(awaited)).toBe(false);
  });

  it('writes the boot script into a painted page as it is, and names its hash for the policy', () => {
    const source = 'window.booted = document.currentScript.dataset.entry;';
    const out = renderFirstHtml(
      '<html><head><script type="module" src="/assets/index-1.js"></script></head><body><div id="root"></div></body></html>',
      {
        config: {} as never,
        header: '',
        footer: '',
        firstPaint: { html: '<p>painted</p>', state: null, sprite: '' },
        bootScript: source,
      },
    );
    const document = new JSDOM(out).window.document;
    expect(document.querySelector('script[src]')).toBeNull();
    const boot = document.querySelector('script[data-entry]');
    expect(boot?.getAttribute('data-entry')).toBe('/assets/index-1.js');
    expect(boot?.hasAttribute('defer')).toBe(false);
    expect(boot?.textContent).toBe(source);
    expect(inlineScriptHash(source)).toBe(
      `'sha256-${createHash('sha256').update(source).digest('base64')}'`,
    );
    // A script that would end its element early or open a comment is refused, not escaped:
    // escaping would change the text its hash is taken of.
    for (const bad of ['let a = "</script>";', 'let b = 1; <!-- c']) {
      expect(() => inlineScriptHash(bad)).toThrow(/must not hold/);
    }
  });

  it('blocks no rendering on a page the server did not paint', () => {
    const out = renderFirstHtml(
      '<html><head><script type="module" src="/assets/index-1.js"></script></head><body><div id="root"></div></body></html>',
      { config: {} as never, header: '', footer: '' },
    );
    expect(new JSDOM(out).window.document.querySelector('link[rel="expect"]')).toBeNull();
  });
});
