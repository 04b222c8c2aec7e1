import type { TextSegments } from '@portico/contracts';

/**
 * Text whose matched words are marked: each segment is a text node, a match inside <mark>.
 * Nothing is parsed as HTML, whatever the text holds (issue 38: highlights are elements).
 */
export function HighlightedText({ segments }: { segments: TextSegments }) {
  return (
    <>
      {segments.map((segment, index) =>
        segment.match ? (
          <mark key={index} className="search-mark">
            {segment.text}
          </mark>
        ) : (
          segment.text
        ),
      )}
    </>
  );
}
