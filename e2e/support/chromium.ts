// Debian's Chromium and the switches every run of it here takes (the tests, the benches and
// the screenshot tool): no sandbox in a container, nothing that reaches out to the network.
export const chromiumPath = '/usr/bin/chromium';

export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];
