// The accessibility check every browser test leans on (e2e/support/axe.ts) must find what it
// is there to find: a structural violation in the first scheme, a contrast failure that only
// the dark scheme has, nothing in a part the caller left out, and the colours a fade ends on,
// not those it passes through.
import { describe, expect, test } from 'vitest';
import { expectNoAxeViolations } from '../support/axe.js';
import { useBrowser } from '../support/browser.js';

const session = useBrowser();

/** Grey on white passes; in the dark scheme the text turns #333 on #222. */
const page = `<!doctype html><html lang="en"><head><title>axe check</title>
<style>
  :root { color-scheme: light dark; }
  p { color: #595959; background: #fff; }
  @media (prefers-color-scheme: dark) { p { color: #333; background: #222; } }
</style></head>
<body><main><h1>Check</h1><p>Readable in light only.</p>
<div id="form-part"><label>Name <input id="named"></label></div>
<div id="broken-part"><input id="unnamed"></div></main></body></html>`;

describe('the axe check', () => {
  test('finds a field without a name, and contrast that fails only in the dark scheme', async () => {
    await session.page.setContent(page);

    const both = await expectNoAxeViolations(session.page).then(
      () => '',
      (error: unknown) => String(error),
    );
    const [light = '', dark = ''] = both.split('in the dark colour scheme');
    expect(light).toMatch(/light colour scheme[\s\S]*\] label:/);
    expect(light).not.toContain('color-contrast');
    // The second scheme runs the rules that read colours, and finds the dark one's failure.
    expect(dark).toContain('] color-contrast:');
    expect(dark).not.toContain('] label:');

    await expect(
      expectNoAxeViolations(session.page, { schemes: ['light'], exclude: ['#broken-part'] }),
    ).resolves.toBeUndefined();
    await expect(
      expectNoAxeViolations(session.page, { include: ['#form-part'] }),
    ).resolves.toBeUndefined();
  });

  test('judges the colours a fade ends on, and still the ones that stay', async () => {
    // A button that fades in from a pale start (as a library's button does when it appears):
    // mid-fade its contrast fails; where the fade ends it passes.
    const fadeTo = async (end: string) => {
      await session.page.setContent(`<!doctype html><html lang="en"><head><title>fade</title>
<style>
  button { color: #fff; border: 0; padding: 8px; transition: background-color 1.5s linear; }
</style></head><body><main><h1>Fade</h1>
<button style="background-color: #dbe8f6">Execute</button></main></body></html>`);
      await session.page.evaluate((colour) => {
        const button = document.querySelector('button');
        if (!button) throw new Error('no button');
        button.getBoundingClientRect(); // the start colour is applied: the change fades
        button.style.backgroundColor = colour;
      }, end);
    };
    await fadeTo('#0b5cad');
    await expect(
      expectNoAxeViolations(session.page, { schemes: ['light'] }),
    ).resolves.toBeUndefined();
    // A fade that ends on a failing colour is still found.
    await fadeTo('#e4eef9');
    await expect(expectNoAxeViolations(session.page, { schemes: ['light'] })).rejects.toThrow(
      /color-contrast/,
    );
  });
});
