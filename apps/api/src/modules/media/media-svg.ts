import { createHash } from 'node:crypto';
import { createPrng } from '../../lib/prng.js';

export const bannerSizes = {
  large: { width: 1200, height: 500 },
  medium: { width: 600, height: 250 },
  small: { width: 300, height: 125 },
} as const;
export type BannerSize = keyof typeof bannerSizes;

/** FNV-1a: a stable 32-bit number from the key, so a key always gets the same banner. */
function hashKey(key: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < key.length; i++) {
    h ^= key.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

const round = (n: number): number => Math.round(n * 10) / 10;

/** The Portico mark: a pediment on four columns over a step, drawn in a 64×64 box. */
const mark = (fill: string): string =>
  `<path fill="${fill}" d="M32 4 4 20v4h56v-4L32 4Zm0 6.5L47 19H17l15-8.5Z"/>` +
  `<rect fill="${fill}" x="9" y="27" width="6" height="24" rx="1"/>` +
  `<rect fill="${fill}" x="21" y="27" width="6" height="24" rx="1"/>` +
  `<rect fill="${fill}" x="37" y="27" width="6" height="24" rx="1"/>` +
  `<rect fill="${fill}" x="49" y="27" width="6" height="24" rx="1"/>` +
  `<rect fill="${fill}" x="4" y="54" width="56" height="6" rx="1"/>`;

/**
 * A news header banner: a two-colour gradient with soft circles and a wave, coloured by the
 * key. Every size draws the same picture (one 1200×500 view box), so the responsive variants
 * match.
 */
export function newsBannerSvg(key: string, size: BannerSize): string {
  const { width, height } = bannerSizes[size];
  const r = createPrng(hashKey(key));
  const hue = r.int(0, 359);
  const hue2 = (hue + r.int(30, 90)) % 360;
  const circles = Array.from({ length: r.int(3, 6) }, () => {
    const cx = r.int(0, 1200);
    const cy = r.int(0, 500);
    const radius = r.int(60, 260);
    const opacity = round(0.05 + r.next() * 0.1);
    return `<circle cx="${cx}" cy="${cy}" r="${radius}" fill="#fff" fill-opacity="${opacity}"/>`;
  }).join('');
  const y1 = r.int(320, 400);
  const y2 = r.int(300, 440);
  const y3 = r.int(320, 420);
  const wave = `<path d="M0 ${y1} C300 ${y2 - 80} 600 ${y2 + 60} 900 ${y3} S1150 ${y1 - 40} 1200 ${y3 - 20} V500 H0 Z" fill="#fff" fill-opacity="0.12"/>`;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 1200 500">` +
    `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">` +
    `<stop offset="0" stop-color="hsl(${hue} 55% 30%)"/>` +
    `<stop offset="1" stop-color="hsl(${hue2} 60% 46%)"/>` +
    `</linearGradient></defs>` +
    `<rect width="1200" height="500" fill="url(#g)"/>${circles}${wave}` +
    `<g transform="translate(56 396) scale(0.9)" fill-opacity="0.85">${mark('#fff')}</g>` +
    `</svg>`
  );
}

/** The Portico logo: the mark and the word, on a transparent background (default news image). */
export function logoSvg(): string {
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="240" height="64" viewBox="0 0 240 64" role="img" aria-label="Portico">` +
    `<title>Portico</title>` +
    `<g>${mark('#1d4e89')}</g>` +
    `<text x="76" y="45" fill="#1d4e89" font-family="system-ui, -apple-system, 'Segoe UI', Roboto, Arial, sans-serif" font-size="36" font-weight="600" letter-spacing="0.5">Portico</text>` +
    `</svg>`
  );
}

/** A strong validator for a generated body. */
export function etagOf(body: string): string {
  return `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
}
