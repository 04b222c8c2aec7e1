import type { Queryable } from '../../db/db.js';

// SQL of the development outbox (MAIL_TRANSPORT=outbox): mails kept in the database and
// shown at /dev/outbox instead of being sent.

/** What the outbox keeps of a mail (a MailMessage, lib/mail/mailer.ts). */
export interface OutboxMail {
  to: string;
  subject: string;
  text: string;
  html?: string | undefined;
  headers?: Record<string, string> | undefined;
}

export async function insertOutboxMail(db: Queryable, message: OutboxMail): Promise<void> {
  await db.query(
    `insert into mail_outbox (recipient, subject, text_body, html_body, headers)
     values ($1, $2, $3, $4, $5)`,
    [
      message.to,
      message.subject,
      message.text,
      message.html ?? null,
      message.headers ? JSON.stringify(message.headers) : null,
    ],
  );
}

export interface OutboxMessage {
  id: number;
  recipient: string;
  subject: string;
  text_body: string;
  headers: Record<string, string> | null;
  created_at: Date | string;
}

export async function listOutbox(db: Queryable, limit = 50): Promise<OutboxMessage[]> {
  const { rows } = await db.query<OutboxMessage>(
    `select id, recipient, subject, text_body, headers, created_at from mail_outbox
      order by id desc limit $1`,
    [limit],
  );
  return rows;
}
