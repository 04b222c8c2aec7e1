import type { Queryable } from '../../db/db.js';
import { nearestTitleWords } from './search-correction.repository.js';

// Typo tolerance (issue 38, ADR 0066). The query's syntax stays PostgreSQL's
// websearch_to_tsquery (the news search's: "phrases", -word, OR); this only finds the bare
// words in the text, asks the title vocabulary (migration 031) for the nearest known word of
// each unknown one by trigram similarity, and writes the replacements back into the same
// text, so the corrected query is parsed exactly as the user's own.

export interface QueryWord {
  /** Where the word stands in the query (UTF-16 offsets). */
  start: number;
  end: number;
  word: string;
}

/** A known word is corrected to a near one found in this many times more titles. */
const RARER_FACTOR = 10;

/** Shorter words are not corrected: three letters have too few trigrams to compare. */
const MIN_CORRECTED_LENGTH = 4;

/**
 * The bare words of a query: not inside a "phrase" (what was quoted is meant as written), not
 * of a -negated term (correcting what is excluded would change the answer unasked) and not
 * the OR operator. A word is a run of letters.
 */
export function bareWords(query: string): QueryWord[] {
  const words: QueryWord[] = [];
  let quoted = false;
  const term = /"|[^\s"]+/gu;
  for (let match = term.exec(query); match !== null; match = term.exec(query)) {
    const token = match[0];
    if (token === '"') {
      quoted = !quoted;
      continue;
    }
    if (quoted || token.startsWith('-') || token.toLowerCase() === 'or') continue;
    const letters = /\p{L}+/gu;
    for (let w = letters.exec(token); w !== null; w = letters.exec(token)) {
      if (w[0].length < MIN_CORRECTED_LENGTH) continue;
      const start = match.index + w.index;
      words.push({ start, end: start + w[0].length, word: w[0] });
    }
  }
  return words;
}

/**
 * The query with every unknown (or rare) bare word replaced by the nearest word of the title
 * vocabulary (pg_trgm similarity over the folded word, the more frequent one on a tie), or
 * null when every word is known or none has a near neighbour.
 */
export async function correctQuery(db: Queryable, query: string): Promise<string | null> {
  const words = bareWords(query);
  if (words.length === 0) return null;
  // A word in fewer titles than a near neighbour by RARER_FACTOR is corrected too: a typo
  // that made it into one title must not hide the word meant.
  const rows = await nearestTitleWords(
    db,
    words.map((w) => w.word),
    RARER_FACTOR,
  );
  const replacements = new Map<number, string>();
  for (const row of rows) {
    if (row.best !== null) replacements.set(Number(row.i) - 1, row.best);
  }
  if (replacements.size === 0) return null;
  let corrected = '';
  let at = 0;
  words.forEach((w, index) => {
    const best = replacements.get(index);
    if (best === undefined) return;
    corrected += query.slice(at, w.start) + best;
    at = w.end;
  });
  return corrected + query.slice(at);
}
