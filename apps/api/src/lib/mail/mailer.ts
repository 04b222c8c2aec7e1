import { readFileSync } from 'node:fs';
import nodemailer from 'nodemailer';
import { z } from 'zod';
import type { Queryable } from '../../db/db.js';
import type { JobQueue } from '../jobs/job-queue.js';
import { insertOutboxMail } from './outbox.repository.js';

/**
 * The one way the server sends e-mail (ADR 0028). With SMTP_URL set, nodemailer delivers
 * over SMTP; without it every message lands in the `mail_outbox` table, which the dev outbox
 * page (/dev/outbox) shows, so an invitation link can be clicked on a fresh machine.
 * Callers never send directly from a request: they enqueue MAIL_SEND_JOB (or a job of their
 * own that calls `send`) in the transaction of the change, and the queue retries.
 */
export const mailMessageSchema = z.object({
  to: z.email(),
  subject: z.string().min(1).max(300),
  text: z.string().min(1).max(100_000),
  html: z.string().max(200_000).optional(),
  /** Extra headers, e.g. RFC 8058 List-Unsubscribe and List-Unsubscribe-Post (issue 12). */
  headers: z
    .record(
      z.string().regex(/^[A-Za-z][A-Za-z0-9-]{0,60}$/),
      z
        .string()
        .max(2000)
        .refine((v) => !/[\r\n]/.test(v), 'no line breaks in a header'),
    )
    .optional(),
});
export type MailMessage = z.infer<typeof mailMessageSchema>;

export interface Mailer {
  readonly kind: 'smtp' | 'outbox';
  send(message: MailMessage): Promise<void>;
}

export interface MailerOptions {
  smtpUrl: string | undefined;
  from: string;
  /**
   * A PEM file of certificate authorities to trust for the SMTP server's certificate
   * (SMTP_TLS_CA), e.g. a company CA or a test's self-signed one. Added to, never replacing,
   * verification: the system's authorities are still used and names still checked.
   */
  tlsCaFile?: string | undefined;
}

/**
 * A mail the server refused for good (an SMTP 5xx answer: no such mailbox, message rejected,
 * authentication refused): trying again would get the same answer (ADR 0053). Timeouts,
 * refused connections and 4xx answers are passing: the queue retries them with back-off.
 */
export function isPermanentMailError(error: unknown): boolean {
  const responseCode = (error as { responseCode?: unknown } | null)?.responseCode;
  return typeof responseCode === 'number' && responseCode >= 500 && responseCode < 600;
}

/** What to record of a refused mail: the server's answer (one line, short), no stack. */
export function mailFailureOf(error: unknown): string {
  const response = (error as { response?: unknown } | null)?.response;
  const text = typeof response === 'string' ? response : String(error);
  return text.replace(/\s+/g, ' ').trim().slice(0, 500);
}

export function createMailer(db: Queryable, options: MailerOptions): Mailer {
  if (options.smtpUrl) {
    const ca = options.tlsCaFile ? readFileSync(options.tlsCaFile, 'utf8') : undefined;
    const transport = nodemailer.createTransport({
      url: options.smtpUrl,
      // A server that is down or silent fails the attempt soon; the queue tries again later.
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 30_000,
      ...(ca ? { tls: { ca } } : {}),
    });
    return {
      kind: 'smtp',
      async send(message) {
        await transport.sendMail({ from: options.from, ...message });
      },
    };
  }
  return {
    kind: 'outbox',
    async send(message) {
      await insertOutboxMail(db, message);
    },
  };
}

export const MAIL_SEND_JOB = 'mail.send';

/**
 * What a queued mail is about, when its failure is to be recorded for people to see: the
 * subscriber's news deliveries (one item, or the items of a digest). Old jobs carry none.
 */
export const mailAboutSchema = z.object({
  userId: z.string().min(1),
  newsIds: z.array(z.string().min(1)).min(1).max(1000),
});
export type MailAbout = z.infer<typeof mailAboutSchema>;

const mailJobSchema = mailMessageSchema.extend({ about: mailAboutSchema.optional() });

/** Why a mail was not delivered: refused for good (5xx), or the last retry failed too. */
export interface MailFailure {
  message: MailMessage;
  failure: string;
  permanent: boolean;
  about: MailAbout | undefined;
}

/**
 * Registers the generic "send this message" job on the queue. A mail the server refuses for
 * good is reported to `onFailed` and the job ends: retrying would be refused again. Passing
 * failures are retried; the last one is reported too (and the job fails).
 */
export function defineMailJob(
  queue: JobQueue,
  mailer: Mailer,
  onFailed: (failure: MailFailure) => Promise<void> | void = () => undefined,
): void {
  queue.define({
    name: MAIL_SEND_JOB,
    parse: (data) => mailJobSchema.parse(data),
    handle: async ({ about, ...message }, attempt) => {
      try {
        await mailer.send(message);
      } catch (error) {
        const permanent = isPermanentMailError(error);
        if (permanent || attempt.last) {
          await onFailed({ message, failure: mailFailureOf(error), permanent, about });
        }
        if (!permanent) throw error; // passing: retried with back-off
      }
    },
  });
}

/**
 * Sends `message` through the queue, as part of the caller's transaction when `tx` is given;
 * `about` names the deliveries a failure is recorded on.
 */
export function enqueueMail(
  queue: JobQueue,
  message: MailMessage,
  tx?: Queryable,
  about?: MailAbout,
): Promise<string> {
  const data = mailJobSchema.parse({ ...message, ...(about ? { about } : {}) });
  return queue.enqueue(MAIL_SEND_JOB, data, tx ? { tx } : {});
}

export { listOutbox, type OutboxMessage } from './outbox.repository.js';
