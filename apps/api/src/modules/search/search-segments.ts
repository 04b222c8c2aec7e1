import type { TextSegments } from '@portico/contracts';
import { decodeHTML } from 'entities';
import { MATCH_END, MATCH_START } from './search-hit-sources.repository.js';

/**
 * ts_headline's answer (matches between MATCH_START and MATCH_END) as text segments, runs of
 * white space made one space; `fromHtml`: the text is a body whose tags were stripped, so its
 * entities are decoded. The web renders segments as text: nothing is ever markup there.
 */
export function toSegments(marked: string, fromHtml = false): TextSegments {
  const segments: TextSegments = [];
  const push = (raw: string, match: boolean) => {
    const text = (fromHtml ? decodeHTML(raw) : raw).replace(/\s+/g, ' ');
    if (text === '') return;
    const last = segments.at(-1);
    if (last && last.match === match) last.text += text;
    else segments.push({ text, match });
  };
  let rest = marked.trim();
  while (rest !== '') {
    const start = rest.indexOf(MATCH_START);
    if (start === -1) {
      push(rest, false);
      break;
    }
    push(rest.slice(0, start), false);
    const end = rest.indexOf(MATCH_END, start + 1);
    const stop = end === -1 ? rest.length : end;
    push(rest.slice(start + 1, stop), true);
    rest = rest.slice(stop + 1);
  }
  return segments;
}

/** Plain text as one unmarked segment (a suggestion with nothing to mark). */
export const plainSegments = (text: string): TextSegments =>
  text === '' ? [] : [{ text, match: false }];
