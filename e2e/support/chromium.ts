// Debian's Chromium and the switches every run of it here takes (the tests, the benches and
// the screenshot tool): no sandbox in a container, nothing that reaches out to the network.

/** The browser users run: the benches measure it (LCP, Lighthouse). */
export const chromiumPath = '/usr/bin/chromium';

/**
 * What the browser tests drive: Debian's headless shell of the same Chromium release (its
 * Blink, V8 and network stack without the browser's own UI), as Playwright's headless mode
 * does by default. A quarter less CPU per test file on the two-core machine (ADR 0078).
 */
export const testChromiumPath = '/usr/lib/chromium/chromium-headless-shell';

export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];
