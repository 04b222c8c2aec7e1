// The dev outbox (/dev/outbox, ADR 0028): mail the e2e server "sent" (no SMTP_URL), newest
// first. Issue 12 helpers for the full-path test (publish → mail → unsubscribe).
import type { Page } from 'playwright-core';

export interface OutboxMail {
  recipient: string;
  subject: string;
  /** The plain-text body. */
  text: string;
  /** Extra headers shown by the outbox, e.g. List-Unsubscribe, List-Unsubscribe-Post. */
  headers: Record<string, string>;
  /** Every http(s) link in the body and headers, in order. */
  links: string[];
}

/** All mail in the outbox now (newest first), read from the outbox page in `page`. */
export async function readOutbox(page: Page, baseUrl: string): Promise<OutboxMail[]> {
  await page.goto(`${baseUrl}/dev/outbox`);
  return page.locator('article.mail').evaluateAll((articles) =>
    articles.map((article) => {
      const paragraphs = Array.from(article.querySelectorAll('p'));
      const to = paragraphs[0]?.textContent ?? '';
      const headers: Record<string, string> = {};
      for (const p of article.querySelectorAll('p.mail-header')) {
        const text = p.textContent;
        const colon = text.indexOf(': ');
        if (colon > 0) headers[text.slice(0, colon)] = text.slice(colon + 2);
      }
      return {
        recipient:
          to
            .replace(/^To:\s*/, '')
            .split(' · ')[0]
            ?.trim() ?? '',
        subject: article.querySelector('h2')?.textContent ?? '',
        text: article.querySelector('pre')?.textContent ?? '',
        headers,
        links: Array.from(article.querySelectorAll('a[href]')).map(
          (a) => (a as HTMLAnchorElement).href,
        ),
      };
    }),
  );
}

/**
 * Waits (polling the outbox, the queue's worker sends within seconds) for mail to
 * `recipient` whose subject contains `subjectPart`; returns the newest such mail.
 */
export async function waitForMail(
  page: Page,
  baseUrl: string,
  recipient: string,
  subjectPart: string,
  timeoutMs = 30_000,
): Promise<OutboxMail> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = (await readOutbox(page, baseUrl)).find(
      (m) => m.recipient === recipient && m.subject.includes(subjectPart),
    );
    if (found) return found;
    if (Date.now() > deadline) {
      throw new Error(`no mail to ${recipient} about "${subjectPart}" in the outbox`);
    }
    await page.waitForTimeout(1000);
  }
}

/** The one-click unsubscribe address of a mail (RFC 8058 List-Unsubscribe). */
export function unsubscribeUrlOf(mail: OutboxMail): string {
  const match = /<(https?:\/\/[^>]+)>/.exec(mail.headers['List-Unsubscribe'] ?? '');
  if (!match?.[1]) throw new Error(`mail "${mail.subject}" has no List-Unsubscribe address`);
  return match[1];
}
