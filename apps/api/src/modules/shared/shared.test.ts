import { JSDOM } from 'jsdom';
import { describe, expect, it } from 'vitest';
import { platformAppPerSuite } from '../../../test/platform-app.js';

function fragment(html: string): DocumentFragment {
  return JSDOM.fragment(html);
}

/**
 * The header's toggle button `selector` as the server leaves it for the app to take over:
 * labelled `label`, a plain button, hidden and collapsed. Answers it and what it controls.
 */
function collapsedToggle(doc: DocumentFragment, selector: string, label: string) {
  const button = doc.querySelector(selector);
  expect(button?.textContent).toBe(label);
  expect(button?.getAttribute('type')).toBe('button');
  expect(button?.hasAttribute('hidden')).toBe(true);
  expect(button?.getAttribute('aria-expanded')).toBe('false');
  return { button, controlled: doc.getElementById(button?.getAttribute('aria-controls') ?? '') };
}

const userCookie = (profile: unknown): string =>
  `USER=${encodeURIComponent(JSON.stringify(profile))}`;

describe('shared header, footer and sprite (§1, issue 2 §5)', () => {
  const suite = platformAppPerSuite({
    env: { LOGOUT_PATH: '/logout', COMMUNITY_URL: 'https://community.example.com' },
  });

  const header = async (cookie?: string) => {
    const res = await suite.get('/shared/header', cookie === undefined ? {} : { cookie });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    return { res, doc: fragment(res.body) };
  };

  it('greets the user named in the USER cookie', async () => {
    const { res, doc } = await header(
      `theme=dark; ${userCookie({ id: 'u-anna', firstName: 'Anna', lastName: 'Lindqvist', permissions: ['NEWS'] })}`,
    );
    expect(doc.querySelector('.portico-header__greeting')?.textContent).toBe('Hello, Anna');
    expect(res.headers.vary).toMatch(/Cookie/);
    expect(res.headers['cache-control']).toBe('private, no-cache');
  });

  it('escapes a hostile name instead of rendering it as markup', async () => {
    const hostile = '<img src=x onerror=alert(1)>"\'&<script>alert(2)</script>';
    const { res, doc } = await header(userCookie({ firstName: hostile }));
    expect(doc.querySelector('.portico-header__greeting')?.textContent).toBe(`Hello, ${hostile}`);
    expect(doc.querySelector('img, script')).toBeNull();
    expect(res.body).not.toContain('<script');
    expect(res.body).not.toContain('<img');
    // React escapes the text (issue 36: HTML is rendered by components, not built from strings).
    expect(res.body).toContain('&lt;img src=x onerror=alert(1)&gt;&quot;&#x27;&amp;&lt;script&gt;');
  });

  it.each([
    ['no cookie', undefined],
    ['a cookie that is not URI-encoded JSON', 'USER=%E0%A4%A'],
    ['a cookie that is not JSON', 'USER=hello'],
    ['a cookie with the wrong shape', userCookie({ firstName: 42 })],
    ['a JSON string', userCookie('Anna')],
  ])('shows no greeting with %s, and still answers', async (_case, cookie) => {
    const { doc } = await header(cookie);
    expect(doc.querySelector('.portico-header__greeting')).toBeNull();
    expect(doc.querySelector('form[role="search"]')).not.toBeNull();
  });

  it('links the logo to /news, has the portal navigation and a sign-out link', async () => {
    const { doc } = await header(userCookie({ firstName: 'Paul', permissions: ['PARTNER'] }));
    expect(doc.querySelector('a.portico-header__logo')?.getAttribute('href')).toBe('/news');
    const nav = doc.querySelector('nav[aria-label]');
    const links = [...(nav?.querySelectorAll('a') ?? [])].map((a) => [
      a.textContent,
      a.getAttribute('href'),
    ]);
    expect(links).toEqual(
      expect.arrayContaining([
        ['News', '/news'],
        ['My Solutions', '/my-solutions'],
        ['Support4U', '/services'],
        ['Cloud', '/cloud'],
        ['University4U', '/university'],
        ['Resources4U', '/resources'],
        ['Marketplace', '/marketplace'],
        ['Sales Partners', '/salespartners'],
        ['Community', 'https://community.example.com'],
      ]),
    );
    expect(links.find(([text]) => text === 'Deal Management 4U')?.[1]).toMatch(/^https:\/\//);
    const signOut = [...doc.querySelectorAll('a')].find((a) => a.textContent === 'Sign out');
    expect(signOut?.getAttribute('href')).toBe('/logout');
  });

  it('has a Menu button for the navigation and the account links, hidden until the app takes it over', async () => {
    const { doc } = await header(userCookie({ firstName: 'Anna', permissions: ['INVOICES'] }));
    const { controlled: panel } = collapsedToggle(
      doc,
      'button.portico-header__menu-button',
      'Menu',
    );
    // Issue 37: on a phone every link is in the menu, the account's own ones too.
    expect(panel?.querySelector('nav[aria-label="Portal"]')).not.toBeNull();
    expect(
      [...(panel?.querySelectorAll('.portico-header__user a') ?? [])].map((a) => a.textContent),
    ).toEqual(['Invoices', 'My settings', 'Sign out']);
  });

  it('has a More menu holding each portal link, by the width it needs (issue 37)', async () => {
    const { doc } = await header(userCookie({ firstName: 'Paul', permissions: ['PARTNER'] }));
    const { button: more, controlled: list } = collapsedToggle(
      doc,
      'button.portico-header__more-button',
      'More',
    );
    const step = (element: Element) =>
      Number(/portico-header__fit-(\d+)/.exec(element.className)?.[1] ?? Number.NaN);
    const inRow = [...doc.querySelectorAll('.portico-header__nav-item')];
    const inMore = [...(list?.querySelectorAll('.portico-header__more-item') ?? [])];
    expect(inMore.map((li) => li.textContent)).toEqual(inRow.map((li) => li.textContent));
    const steps = inRow.map(step);
    expect(inMore.map(step)).toEqual(steps);
    // A later link needs more room than an earlier one; none without a step.
    expect(
      steps.every((s, i) => Number.isInteger(s) && (i === 0 || s >= (steps[i - 1] ?? 0))),
    ).toBe(true);
    const moreItem = more?.closest('li');
    expect(moreItem && step(moreItem)).toBe(steps.at(-1));
  });

  it('gives German links the room their longer words need', async () => {
    const steps = async (language: string) => {
      const { doc } = await header(
        userCookie({ firstName: 'Paul', permissions: ['PARTNER'], language }),
      );
      return [...doc.querySelectorAll('.portico-header__nav-item')].map((li) =>
        Number(/portico-header__fit-(\d+)/.exec(li.className)?.[1]),
      );
    };
    const [english, german] = [await steps('en'), await steps('de')];
    const total = (steps: number[]) => steps.reduce((sum, step) => sum + step, 0);
    expect(total(german)).toBeGreaterThan(total(english));
  });

  it('has a Search button for the search form, hidden until the app takes it over', async () => {
    const { doc } = await header();
    const { controlled: form } = collapsedToggle(
      doc,
      'button.portico-header__search-toggle',
      'Search',
    );
    expect(form?.getAttribute('role')).toBe('search');
  });

  it('shows Sales Partners only to partners and sales users', async () => {
    const { doc } = await header(userCookie({ firstName: 'Nina', permissions: ['NEWS'] }));
    expect([...doc.querySelectorAll('a')].map((a) => a.textContent)).not.toContain(
      'Sales Partners',
    );
  });

  it('links Invoices beside My settings only for users with the INVOICES permission', async () => {
    const invoicesLink = (doc: ParentNode) =>
      [...doc.querySelectorAll('.portico-header__user a')].find(
        (a) => a.textContent === 'Invoices',
      );
    const anna = await header(userCookie({ firstName: 'Anna', permissions: ['NEWS', 'INVOICES'] }));
    expect(invoicesLink(anna.doc)?.getAttribute('href')).toBe('/invoices');
    const nina = await header(userCookie({ firstName: 'Nina', permissions: ['NEWS'] }));
    expect(invoicesLink(nina.doc)).toBeUndefined();
  });

  it('has a search form of a labelled query and a labelled product select', async () => {
    const { doc } = await header();
    const form = doc.querySelector('form[role="search"]');
    expect(form?.getAttribute('action')).toBe('/search');
    expect(form?.getAttribute('method')).toBe('get');
    const query = form?.querySelector('input[name="query"]');
    expect(query?.getAttribute('type')).toBe('text');
    const product = form?.querySelector('select[name="productId"]');
    expect(product).not.toBeNull();
    // Searching every product is there before the app adds the products (a first paint shows it).
    expect([...(product?.querySelectorAll('option') ?? [])].map((o) => [o.value, o.text])).toEqual([
      ['', 'All products'],
    ]);
    for (const control of [query, product]) {
      const label = doc.querySelector(`label[for="${control?.id ?? 'missing'}"]`);
      expect(label?.textContent.trim()).toBeTruthy();
    }
    expect(form?.querySelector('button[type="submit"]')?.textContent).toBe('Search');
  });

  it('has no scripts and no inline event handlers in header and footer', async () => {
    const { res } = await header(userCookie({ firstName: 'Anna' }));
    const footer = await suite.get('/shared/footer');
    for (const body of [res.body, footer.body]) {
      const doc = fragment(body);
      expect(doc.querySelector('script, iframe, object, embed, style')).toBeNull();
      for (const element of doc.querySelectorAll('*')) {
        for (const attribute of element.attributes) {
          expect(attribute.name).not.toMatch(/^on/i);
          expect(attribute.value).not.toMatch(/^\s*javascript:/i);
        }
      }
    }
  });

  it('serves a footer with useful links and a copyright line', async () => {
    const res = await suite.get('/shared/footer');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    const doc = fragment(res.body);
    const hrefs = [...doc.querySelectorAll('a')].map((a) => a.getAttribute('href'));
    expect(hrefs).toContain('https://community.example.com');
    expect(hrefs).toContain('mailto:support@portico.test');
    expect(doc.querySelector('.portico-footer__copyright')?.textContent).toContain(
      `© ${new Date().getFullYear()} Portico`,
    );
  });

  it('serves the icon sprite as SVG symbols, cached for a year', async () => {
    const res = await suite.get('/shared/sprite.svg?v=abc');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const svg = new JSDOM(res.body, { contentType: 'image/svg+xml' }).window.document;
    const ids = [...svg.querySelectorAll('symbol')].map((s) => s.id);
    expect(ids).toEqual(
      expect.arrayContaining([
        'icon-search',
        'icon-close',
        'icon-chevron-left',
        'icon-chevron-right',
        'icon-user',
        'icon-phone',
        'icon-mail',
        'icon-download',
        'icon-external-link',
      ]),
    );
    expect(svg.querySelector('script, foreignObject')).toBeNull();
  });
});
