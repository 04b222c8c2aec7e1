import { describe, expect, it } from 'vitest';
import { sanitizeShellHtml, sanitizeSprite } from './sanitize-shell-html.js';

const dom = (html: string) => {
  const host = document.createElement('div');
  host.innerHTML = html;
  return host;
};

describe('sanitising the shared header/footer and sprite', () => {
  it('removes scripts, handlers and javascript: links; keeps the search form', () => {
    const out = dom(
      sanitizeShellHtml(
        '<script>alert(1)</script><img src="x" alt="x" onerror="alert(1)"><a href="javascript:alert(1)">x</a>' +
          '<form role="search"><input name="query"><select name="productId"><option value="">All</option></select><button>Go</button></form>',
      ),
    );
    expect(out.querySelector('script')).toBeNull();
    expect(out.querySelector('img')!.hasAttribute('onerror')).toBe(false);
    expect(out.querySelector('a')!.hasAttribute('href')).toBe(false);
    expect(out.querySelector('form[role="search"] input[name="query"]')).not.toBeNull();
    expect(out.querySelector('form[role="search"] select[name="productId"] option')).not.toBeNull();
  });

  it('keeps sprite icons (<use href="#icon-…">) but not references to other documents', () => {
    const out = dom(
      sanitizeShellHtml(
        '<svg class="portico-icon" aria-hidden="true" focusable="false"><use href="#icon-search"></use></svg>' +
          '<svg><use href="https://evil.example/sprite.svg#x"></use></svg>' +
          '<svg><use xlink:href="data:image/svg+xml,<svg/>"></use></svg>',
      ),
    );
    const uses = out.querySelectorAll('use');
    expect(uses[0]!.getAttribute('href')).toBe('#icon-search');
    expect(out.querySelector('svg')!.getAttribute('focusable')).toBe('false');
    expect(uses[1]?.hasAttribute('href') ?? false).toBe(false);
    expect(Array.from(uses).some((u) => u.outerHTML.includes('data:'))).toBe(false);
  });

  it('gives links that open a new window no reference back', () => {
    const out = dom(sanitizeShellHtml('<a href="https://community.example" target="_blank">c</a>'));
    expect(out.querySelector('a')!.getAttribute('rel')).toBe('noopener noreferrer');
  });

  it('keeps the symbols of the sprite and drops its scripts', () => {
    const out = dom(
      sanitizeSprite(
        '<svg xmlns="http://www.w3.org/2000/svg"><symbol id="icon-info" viewBox="0 0 24 24"><path d="M1 1"/></symbol><script>1</script></svg>',
      ),
    );
    expect(out.querySelector('symbol#icon-info path')).not.toBeNull();
    expect(out.querySelector('script')).toBeNull();
  });
});

describe('the shell allow-list (shared with the server, no style)', () => {
  it('drops style attributes and style elements from the header and footer', () => {
    const out = dom(
      sanitizeShellHtml(
        '<style>body{display:none}</style><div class="portico-header" style="position:fixed;inset:0">x</div>',
      ),
    );
    expect(out.querySelector('style')).toBeNull();
    expect(out.querySelector('[style]')).toBeNull();
    expect(out.querySelector('.portico-header')).not.toBeNull();
  });

  it('keeps the chrome the header needs: labels, ids, aria state and the hidden Menu button', () => {
    const out = dom(
      sanitizeShellHtml(
        '<button class="m" type="button" aria-expanded="false" aria-controls="nav" hidden>Menu</button>' +
          '<nav id="nav" aria-label="Portal"></nav><label for="q">Search</label><input id="q" name="query">',
      ),
    );
    const button = out.querySelector('button')!;
    expect(button.hidden).toBe(true);
    expect(button.getAttribute('aria-controls')).toBe('nav');
    expect(out.querySelector('nav#nav')!.getAttribute('aria-label')).toBe('Portal');
    expect(out.querySelector('label')!.getAttribute('for')).toBe('q');
  });
});
