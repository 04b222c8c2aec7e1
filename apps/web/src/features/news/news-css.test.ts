import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

// Read from disk: Vitest hands CSS imports (even ?raw) over empty.
const newsCss = readFileSync(`${import.meta.dirname}/news.css`, 'utf8');

/** The declarations of one rule of the stylesheet, by its exact selector. */
function declarations(css: string, selector: string): Map<string, string> {
  const escaped = selector.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const block = new RegExp(`(?:^|\\})\\s*(?:/\\*[^]*?\\*/\\s*)?${escaped}\\s*\\{([^}]*)\\}`).exec(
    css,
  )?.[1];
  const result = new Map<string, string>();
  for (const line of (block ?? '').split(';')) {
    const [name, ...value] = line.split(':');
    if (name?.trim() && value.length) result.set(name.trim(), value.join(':').trim());
  }
  return result;
}

describe('the news article body stylesheet', () => {
  it('makes the body its own containing block that clips, so nothing in it covers the page', () => {
    const body = declarations(newsCss, '.news-detail__body');
    expect(body.get('position')).toBe('relative');
    expect(body.get('isolation')).toBe('isolate');
    // contain: paint also contains position:fixed descendants and clips to the box.
    expect(body.get('contain')).toMatch(/\bpaint\b/);
    expect(body.get('overflow-x')).toMatch(/^(auto|hidden|clip)$/);
  });
});
