import type { OutboxMessage } from '../../lib/mail/mailer.js';
import { renderPage } from '../../lib/render/html-document.js';
import { SIGN_IN_STYLESHEET_PATH as STYLESHEET_PATH } from '../shared/index.js';

// The dev outbox page (ADR 0028), a React component (ADR 0067). A developer's tool, never in
// production: its few words are English and live here, not in the label catalogue.
const texts = {
  title: 'Dev outbox | Portico',
  heading: 'Dev outbox',
  intro: 'Mail the server would have sent (no SMTP_URL is set), newest first.',
  empty: 'No mail yet.',
  to: 'To:',
};

/** Plain text with its http(s) addresses as links. */
function Linkified({ text }: { text: string }) {
  return (
    <>
      {text.split(/(https?:\/\/[^\s<>"']+)/g).map((part, i) =>
        i % 2 === 1 ? (
          <a href={part} key={i}>
            {part}
          </a>
        ) : (
          part
        ),
      )}
    </>
  );
}

function Mail({ message }: { message: OutboxMessage }) {
  return (
    <article className="mail">
      <h2>{message.subject}</h2>
      <p>{`${texts.to} ${message.recipient} · ${new Date(message.created_at).toISOString()}`}</p>
      {Object.entries(message.headers ?? {}).map(([name, value]) => (
        <p className="mail-header" key={name}>
          {`${name}: `}
          <Linkified text={value} />
        </p>
      ))}
      <pre>
        <Linkified text={message.text_body} />
      </pre>
    </article>
  );
}

export function devOutboxPage(messages: readonly OutboxMessage[]): string {
  return renderPage({
    language: 'en',
    title: texts.title,
    stylesheet: STYLESHEET_PATH,
    mainClass: 'card',
    children: (
      <>
        <h1>{texts.heading}</h1>
        <p>{texts.intro}</p>
        {messages.length ? (
          messages.map((message) => <Mail message={message} key={message.id} />)
        ) : (
          <p>{texts.empty}</p>
        )}
      </>
    ),
  });
}
