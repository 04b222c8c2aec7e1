/**
 * Which portal links fit in the header's one row (issue 37, ADR 0068). The header is one row
 * from 1025 px up in every language: the navigation is a CSS container, and each link carries
 * the width (in steps of FIT_STEP_REM) the navigation needs to show it and every link before
 * it, with the More button beside them. Below that width the link moves into the More menu
 * (shared-chrome.css / header-fit.css, container queries). The widths are estimated here from
 * the link texts, so they hold for every language and for label overrides, with no script and
 * nothing moving once the app runs: the server's first paint shows the same row.
 */

/** The steps of the container queries in apps/web/src/app/shell/header-fit.css. */
export const FIT_STEP_REM = 3;
export const FIT_MAX_REM = 96;

/** Text size of a link (0.875rem), its inline padding and the gap after it, in rem. */
const LINK_FONT_REM = 0.875;
const LINK_EXTRA_REM = 0.5 + 1;
/** The More button: padding, border, chevron and gap, besides its text. */
const MORE_EXTRA_REM = 1 + 0.125 + 1 + 0.375;

/**
 * A glyph's advance in em, rounded up from DejaVu Sans (the widest sans-serif a browser here
 * falls back to): an estimate that errs wide, so a link is moved rather than cut.
 */
function glyphEm(char: string): number {
  if (/[\s]/.test(char)) return 0.32;
  if (/[ijlI.,:;'!|]/.test(char)) return 0.29;
  if (/[frtJ()\-–]/.test(char)) return 0.41;
  if (/[mwMW]/.test(char)) return 0.95;
  if (/[0-9]/.test(char)) return 0.64;
  if (/\p{Lu}/u.test(char)) return 0.74;
  return 0.61;
}

export function textWidthEm(text: string): number {
  let width = 0;
  for (const char of text) width += glyphEm(char);
  return width;
}

const toStep = (rem: number): number =>
  Math.min(FIT_MAX_REM, Math.max(FIT_STEP_REM, Math.ceil(rem / FIT_STEP_REM) * FIT_STEP_REM));

export interface HeaderFit {
  /** Per link: the navigation width (rem, a step) from which it shows in the row. */
  links: number[];
  /** Below this width (rem, a step) the More button shows; 0 when nothing ever moves. */
  more: number;
}

/** The steps for links with these texts, in their order, and a More button labelled `more`. */
export function headerFit(texts: readonly string[], more: string): HeaderFit {
  const moreRem = textWidthEm(more) * LINK_FONT_REM + MORE_EXTRA_REM;
  let sum = 0;
  const links = texts.map((text, index) => {
    sum += textWidthEm(text) * LINK_FONT_REM + LINK_EXTRA_REM;
    const last = index === texts.length - 1;
    // Every link but the last shares the row with the More button (a later one has moved).
    return toStep(last ? sum : sum + moreRem);
  });
  return { links, more: links.at(-1) ?? 0 };
}

/** The class that ties an element to its step in header-fit.css. */
export const fitClass = (rem: number): string => `portico-header__fit-${rem}`;
