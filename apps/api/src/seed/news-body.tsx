import { renderFragment } from '../lib/render/html-document.js';

// The body of a demo news item, as an editor's rich text would be: rendered by React (ADR
// 0067), so the generated words are escaped by the renderer. Demo content, in English like
// the rest of the seed's words.
const HIGHLIGHTS = 'Highlights';

export interface NewsBodyParts {
  paragraphs: readonly string[];
  features?: readonly string[] | undefined;
  rare?: string | undefined;
  quote?: { text: string; name: string; role: string } | undefined;
  link: { href: string; text: string };
  closing: string;
}

function NewsBody({ paragraphs, features, rare, quote, link, closing }: NewsBodyParts) {
  return (
    <>
      {paragraphs.map((p, i) => (
        <p key={i}>{p}</p>
      ))}
      {features && features.length > 0 && (
        <>
          <h3>{HIGHLIGHTS}</h3>
          <ul>
            {features.map((f, i) => (
              <li key={i}>{f.charAt(0).toUpperCase() + f.slice(1)}</li>
            ))}
          </ul>
        </>
      )}
      {rare && <p>{rare}</p>}
      {quote && (
        <blockquote>
          <p>{`“${quote.text}.”`}</p>
          <p>{`${quote.name}, ${quote.role}`}</p>
        </blockquote>
      )}
      {/* Links to other sites open in a new tab; the sanitiser adds rel="noopener noreferrer". */}
      <p>
        <a href={link.href} target="_blank">
          {link.text}
        </a>
      </p>
      <p>{closing}</p>
    </>
  );
}

export function renderNewsBody(parts: NewsBodyParts): string {
  return renderFragment(<NewsBody {...parts} />);
}
