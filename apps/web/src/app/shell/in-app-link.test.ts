import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { testConfig } from '../../../test/test-config.js';
import { inAppHref, serverOwnedPaths } from './in-app-link.js';

const serverPaths = serverOwnedPaths(testConfig());

function clickOn(html: string, init: MouseEventInit = {}): string | null {
  document.body.innerHTML = html;
  const target = document.body.querySelector('[data-click]') ?? document.body.firstElementChild!;
  const event = new MouseEvent('click', { bubbles: true, cancelable: true, button: 0, ...init });
  let result: string | null = 'not dispatched';
  document.body.addEventListener('click', (e) => (result = inAppHref(e, serverPaths)), {
    once: true,
  });
  target.dispatchEvent(event);
  return result;
}

beforeEach(() => window.history.replaceState(null, '', '/news'));
afterEach(() => (document.body.innerHTML = ''));

describe('which header/footer clicks the SPA handles', () => {
  it('handles a plain click on a same-origin app link, also on an element inside it', () => {
    expect(clickOn('<a href="/search?query=x#top">s</a>')).toBe('/search?query=x#top');
    expect(clickOn('<a href="/news/2"><span data-click>two</span></a>')).toBe('/news/2');
  });

  it('leaves other sites, server-owned paths and downloads to the browser', () => {
    expect(clickOn('<a href="https://community.portico.test/x">c</a>')).toBeNull();
    expect(clickOn('<a href="/api/support/cases/download">d</a>')).toBeNull();
    expect(clickOn('<a href="/shared/terms.html">t</a>')).toBeNull();
    expect(clickOn('<a href="/oidc/session/end">o</a>')).toBeNull();
    expect(clickOn('<a href="/health/live">h</a>')).toBeNull();
    expect(clickOn('<a href="/news" download>n</a>')).toBeNull();
    expect(clickOn('<a href="/news" target="_blank">n</a>')).toBeNull();
  });

  it('does not mistake an app path that only starts like a server path', () => {
    expect(clickOn('<a href="/apis-overview">a</a>')).toBe('/apis-overview');
  });

  it('leaves modified clicks (new tab/window) and in-page jumps to the browser', () => {
    expect(clickOn('<a href="/search">s</a>', { ctrlKey: true })).toBeNull();
    expect(clickOn('<a href="/search">s</a>', { metaKey: true })).toBeNull();
    expect(clickOn('<a href="/search">s</a>', { shiftKey: true })).toBeNull();
    expect(clickOn('<a href="/search">s</a>', { button: 1 })).toBeNull();
    expect(clickOn('<a href="#footer">f</a>')).toBeNull();
  });

  it('ignores clicks that are not on a link', () => {
    expect(clickOn('<button type="button">b</button>')).toBeNull();
  });
});
