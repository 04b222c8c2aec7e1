import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { enhanceHeaderMenu, enhanceHeaderMore, type HeaderMenu } from './header-menu.js';

// Issue 37: the header's More menu (links the one row has no room for) and the Menu that holds
// every link on a phone, as the server's header marks them up (header-template.tsx).
const HEADER = `<div class="portico-header"><div class="portico-header__bar">
  <a class="portico-header__logo" href="/news">Portico</a>
  <button class="portico-header__menu-button" type="button" aria-expanded="false" aria-controls="portico-header-menu" hidden><span>Menu</span></button>
  <div class="portico-header__menu" id="portico-header-menu">
    <nav class="portico-header__nav" id="portico-header-nav" aria-label="Portal">
      <ul class="portico-header__nav-list">
        <li class="portico-header__nav-item"><a href="/news">News</a></li>
        <li class="portico-header__more">
          <button class="portico-header__more-button" type="button" aria-expanded="false" aria-controls="portico-header-more" hidden><span>More</span></button>
          <ul class="portico-header__more-list" id="portico-header-more">
            <li class="portico-header__more-item"><a href="/cloud">Cloud</a></li>
            <li class="portico-header__more-item"><a href="/marketplace">Marketplace</a></li>
          </ul>
        </li>
      </ul>
    </nav>
    <div class="portico-header__user"><a href="/my-settings">My settings</a><a href="/logout">Sign out</a></div>
  </div>
</div></div>
<main><a href="/elsewhere">Elsewhere</a></main>`;

const enhanced: HeaderMenu[] = [];

function mount(enhance: (container: ParentNode) => HeaderMenu | null): HTMLElement {
  document.body.innerHTML = HEADER;
  const menu = enhance(document.body);
  if (!menu) throw new Error('nothing to take over');
  enhanced.push(menu);
  return document.body;
}

const byName = (name: string) =>
  [...document.querySelectorAll<HTMLElement>('button, a')].find(
    (element) => element.textContent.trim() === name,
  ) ?? null;

afterEach(() => {
  enhanced.splice(0).forEach((menu) => menu.destroy());
  document.body.innerHTML = '';
});

describe('the header More menu (issue 37)', () => {
  it('shows the More button, collapsed, once the app takes it over', () => {
    mount(enhanceHeaderMore);
    const more = byName('More');
    expect(more).not.toBeNull();
    expect(more?.hidden).toBe(false);
    expect(more).toHaveAttribute('aria-expanded', 'false');
    expect(more).toHaveAttribute('aria-controls', 'portico-header-more');
  });

  it('opens with Enter and with Space, and Escape closes it with the focus back on More', async () => {
    const user = userEvent.setup();
    mount(enhanceHeaderMore);
    const more = byName('More')!;
    more.focus();
    await user.keyboard('{Enter}');
    expect(more).toHaveAttribute('aria-expanded', 'true');
    await user.keyboard('{Escape}');
    expect(more).toHaveAttribute('aria-expanded', 'false');
    expect(more).toHaveFocus();

    await user.keyboard(' ');
    expect(more).toHaveAttribute('aria-expanded', 'true');
    // Tab goes into the list (it follows the button); Escape there still returns to More.
    await user.tab();
    expect(byName('Cloud')).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(more).toHaveAttribute('aria-expanded', 'false');
    expect(more).toHaveFocus();
  });

  it('closes when a link in it is chosen, or on a click or focus elsewhere', async () => {
    const user = userEvent.setup();
    mount(enhanceHeaderMore);
    const more = byName('More')!;
    await user.click(more);
    expect(more).toHaveAttribute('aria-expanded', 'true');
    byName('Marketplace')!.addEventListener('click', (event) => event.preventDefault());
    await user.click(byName('Marketplace')!);
    expect(more).toHaveAttribute('aria-expanded', 'false');

    await user.click(more);
    await user.click(document.querySelector('main')!);
    expect(more).toHaveAttribute('aria-expanded', 'false');

    await user.click(more);
    byName('Elsewhere')!.focus();
    expect(more).toHaveAttribute('aria-expanded', 'false');
  });

  it('lets go of the page when the header is replaced', async () => {
    const user = userEvent.setup();
    mount(enhanceHeaderMore);
    const more = byName('More')!;
    enhanced.splice(0).forEach((menu) => menu.destroy());
    await user.click(more);
    expect(more).toHaveAttribute('aria-expanded', 'false');
  });
});

describe('the header Menu on a phone (issue 37)', () => {
  it('opens a panel holding every link: the portal links and the account links', async () => {
    const user = userEvent.setup();
    mount(enhanceHeaderMenu);
    const menu = byName('Menu')!;
    expect(menu.hidden).toBe(false);
    await user.click(menu);
    expect(menu).toHaveAttribute('aria-expanded', 'true');
    const panel = document.getElementById(menu.getAttribute('aria-controls') ?? '');
    expect([...(panel?.querySelectorAll('a') ?? [])].map((a) => a.textContent.trim())).toEqual([
      'News',
      'Cloud',
      'Marketplace',
      'My settings',
      'Sign out',
    ]);
    byName('Sign out')!.focus();
    await user.keyboard('{Escape}');
    expect(menu).toHaveAttribute('aria-expanded', 'false');
    expect(menu).toHaveFocus();
  });
});
