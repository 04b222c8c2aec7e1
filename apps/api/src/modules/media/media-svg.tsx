import { createHash } from 'node:crypto';
import { createPrng } from '../../lib/prng.js';
import { renderFragment } from '../../lib/render/html-document.js';

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

// The pictures are React elements rendered to text (ADR 0067): every value is the renderer's to
// write, none is pasted into markup.

/** The Portico mark: a pediment on four columns over a step, drawn in a 64×64 box. */
function Mark({ fill }: { fill: string }) {
  return (
    <>
      <path fill={fill} d="M32 4 4 20v4h56v-4L32 4Zm0 6.5L47 19H17l15-8.5Z" />
      {[9, 21, 37, 49].map((x) => (
        <rect key={x} fill={fill} x={x} y={27} width={6} height={24} rx={1} />
      ))}
      <rect fill={fill} x={4} y={54} width={56} height={6} rx={1} />
    </>
  );
}

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
  const circles = Array.from({ length: r.int(3, 6) }, () => ({
    cx: r.int(0, 1200),
    cy: r.int(0, 500),
    radius: r.int(60, 260),
    opacity: round(0.05 + r.next() * 0.1),
  }));
  const y1 = r.int(320, 400);
  const y2 = r.int(300, 440);
  const y3 = r.int(320, 420);
  const wave = `M0 ${y1} C300 ${y2 - 80} 600 ${y2 + 60} 900 ${y3} S1150 ${y1 - 40} 1200 ${y3 - 20} V500 H0 Z`;
  return renderFragment(
    <svg xmlns="http://www.w3.org/2000/svg" width={width} height={height} viewBox="0 0 1200 500">
      <defs>
        <linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor={`hsl(${hue} 55% 30%)`} />
          <stop offset="1" stopColor={`hsl(${hue2} 60% 46%)`} />
        </linearGradient>
      </defs>
      <rect width={1200} height={500} fill="url(#g)" />
      {circles.map(({ cx, cy, radius, opacity }, index) => (
        <circle key={index} cx={cx} cy={cy} r={radius} fill="#fff" fillOpacity={opacity} />
      ))}
      <path d={wave} fill="#fff" fillOpacity={0.12} />
      <g transform="translate(56 396) scale(0.9)" fillOpacity={0.85}>
        <Mark fill="#fff" />
      </g>
    </svg>,
  );
}

/** The product's name, drawn in its logo: a name, not a text to translate. */
const BRAND = 'Portico';

/** The Portico logo: the mark and the word, on a transparent background (default news image). */
export function logoSvg(): string {
  return renderFragment(
    <svg
      xmlns="http://www.w3.org/2000/svg"
      width={240}
      height={64}
      viewBox="0 0 240 64"
      role="img"
      aria-label={BRAND}
    >
      <title>{BRAND}</title>
      <g>
        <Mark fill="#1d4e89" />
      </g>
      <text
        x={76}
        y={45}
        fill="#1d4e89"
        fontFamily="system-ui, -apple-system, 'Segoe UI', Roboto, Arial, sans-serif"
        fontSize={36}
        fontWeight={600}
        letterSpacing={0.5}
      >
        {BRAND}
      </text>
    </svg>,
  );
}

/** A strong validator for a generated body. */
export function etagOf(body: string): string {
  return `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
}
