import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

/**
 * The sheets of packages/design-tokens (ADR 0067), served at /shared/<file> to the server's
 * own pages, the tokens first: the very files the web app's build imports.
 */
export const DESIGN_SHEETS = ['tokens.css', 'controls.css'] as const;
export type DesignSheet = (typeof DESIGN_SHEETS)[number];

/** The address a server page links a design sheet by. */
export const designSheetPath = (sheet: DesignSheet): string => `/shared/${sheet}`;

const cached = new Map<DesignSheet, string>();

/**
 * A design sheet's text, found the way Node finds the workspace package, from the sources
 * and from the bundle alike (both run inside the checkout, beside its node_modules).
 */
export function designSheetCss(sheet: DesignSheet): string {
  let css = cached.get(sheet);
  if (css === undefined) {
    css = readFileSync(
      createRequire(import.meta.url).resolve(`@portico/design-tokens/${sheet}`),
      'utf8',
    );
    cached.set(sheet, css);
  }
  return css;
}
