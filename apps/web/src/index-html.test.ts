// The page's own files: every address index.html links to is a file the build serves from
// public/ or the sources (favicon.svg was a 404 on every page, issue 37).
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const webRoot = join(import.meta.dirname, '..');
const html = readFileSync(join(webRoot, 'index.html'), 'utf8');

describe('index.html', () => {
  it('links only to files that exist', () => {
    const addresses = [...html.matchAll(/(?:href|src)="(\/[^"]+)"/g)].map((m) => m[1] ?? '');
    expect(addresses).toContain('/favicon.svg');
    const missing = addresses.filter(
      (address) =>
        !existsSync(join(webRoot, 'public', address)) && !existsSync(join(webRoot, address)),
    );
    expect(missing).toEqual([]);
  });

  it('has an icon that is an SVG image', () => {
    const icon = readFileSync(join(webRoot, 'public/favicon.svg'), 'utf8');
    expect(icon).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
  });
});
