import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { SMTPServer, type SMTPServerAddress } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountUserSchema, newsEditorialItemSchema } from '@portico/contracts';
import { MAIL_SEND_JOB } from './mailer.js';
import { NEWS_PUBLISHED_JOB } from '../../modules/news/news-events.js';
import { USER_INVITATION_JOB } from '../../modules/user-management/invitations.service.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';
import { bearerFor } from '../../../test/tokens.js';
import { createUser } from '../../../test/user-input.js';
import { ANNA, ERIK } from '../../../test/demo-emails.js';
import { routeDatabaseKind } from '../../../test/test-db.js';

// Issue 24 "Faults", ADR 0053: the invitation and the news mail go through a real SMTP peer
// (smtp-server) over STARTTLS with AUTH, trusting its self-signed certificate through
// SMTP_TLS_CA only. While the server is down the jobs fail and are retried with a growing
// delay; once it is back each mail arrives exactly once. A 5xx refusal is recorded, shown to
// the administrator (a news mail's to the news editor) and not retried.

const REFUSED = 'no.such.mailbox@northwind.test';
const REFUSED_READER = 'gone.reader@northwind.test';

interface Received {
  to: string[];
  subject: string;
  secure: boolean;
  user: string | undefined;
}

async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as { port: number };
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/** A throw-away self-signed certificate for 127.0.0.1 (openssl, EC: fast). */
async function selfSigned(dir: string): Promise<{ key: string; cert: string; certPath: string }> {
  const keyPath = join(dir, 'key.pem');
  const certPath = join(dir, 'cert.pem');
  await promisify(execFile)('openssl', [
    ...['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1'],
    ...['-nodes', '-keyout', keyPath, '-out', certPath, '-days', '1'],
    ...['-subj', '/CN=127.0.0.1', '-addext', 'subjectAltName=IP:127.0.0.1'],
  ]);
  return { key: await readFile(keyPath, 'utf8'), cert: await readFile(certPath, 'utf8'), certPath };
}

describe('mail through a real SMTP server', () => {
  let dir: string;
  let tls: Awaited<ReturnType<typeof selfSigned>>;
  let port: number;
  let t: TestApp;
  let smtp: SMTPServer | undefined;
  const received: Received[] = [];

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'portico-smtp-'));
    tls = await selfSigned(dir);
    port = await freePort();
    t = await createTestApp(routeDatabaseKind(), {
      SMTP_URL: `smtp://portico:s3cret@127.0.0.1:${port}/?requireTLS=true`,
      SMTP_TLS_CA: tls.certPath,
    });
    await t.db.query(
      `insert into email_subscriptions (user_id, topic, frequency)
       values ('u-anna', 'general-news', 'immediately')`,
    );
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => {
      if (smtp) smtp.close(() => resolve());
      else resolve();
    });
    await t.close();
    await rm(dir, { recursive: true, force: true });
  });

  const startSmtp = async () => {
    smtp = new SMTPServer({
      key: tls.key,
      cert: tls.cert,
      authMethods: ['PLAIN', 'LOGIN'],
      disabledCommands: [], // STARTTLS offered; AUTH only once the connection is encrypted
      logger: false,
      onAuth(auth, _session, callback) {
        if (auth.username === 'portico' && auth.password === 's3cret') {
          callback(null, { user: auth.username });
        } else callback(new Error('Invalid username or password'));
      },
      onRcptTo(address: SMTPServerAddress, _session, callback) {
        if ([REFUSED, REFUSED_READER].includes(address.address)) {
          callback(Object.assign(new Error('5.1.1 No such mailbox here'), { responseCode: 550 }));
        } else callback();
      },
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          // Headers unfolded; the subject is plain ASCII here.
          const raw = Buffer.concat(chunks)
            .toString('utf8')
            .replace(/\r\n[ \t]+/g, ' ');
          received.push({
            to: session.envelope.rcptTo.map((r) => r.address),
            subject: /^Subject: (.*)$/m.exec(raw)?.[1] ?? '',
            secure: session.secure,
            user: typeof session.user === 'string' ? session.user : undefined,
          });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => smtp?.listen(port, '127.0.0.1', resolve));
  };

  /** The queue's jobs of a kind: state, attempts, and how far off the next attempt is. */
  const jobsOf = async (name: string) =>
    (
      await t.db.query<{ state: string; retry_count: number; wait_s: number }>(
        `select state, retry_count, extract(epoch from start_after - now())::int as wait_s
           from job where name = $1 order by created_on`,
        [name],
      )
    ).rows;
  /** Time passes: the retries are due now. */
  // A second back: the queue fetches what started before now(), and PGlite's clock may read
  // the same millisecond in the next statement.
  const makeDue = () =>
    t.db.query(`update job set start_after = now() - interval '1 second' where state = 'retry'`);
  /**
   * A user anna creates (which queues the invitation mail): the user's id, and the state of
   * that mail as GET /api/users/:id shows it to her.
   */
  const invitedByAnna = async (firstName: string, lastName: string, email: string) => {
    const headers = { authorization: `Bearer ${await bearerFor(t.app, ANNA)}` };
    const userId = await createUser(t.app, headers, { firstName, lastName, email, username: '' });
    const invitationMail = async () =>
      accountUserSchema.parse(
        (await t.app.inject({ method: 'GET', url: `/api/users/${userId}`, headers })).json(),
      ).invitationMail;
    return { userId, invitationMail };
  };

  it('retries with back-off while the server is down and delivers each mail once', async () => {
    const { invitationMail } = await invitedByAnna(
      'Smtp',
      'Invitee',
      'smtp.invitee@northwind.test',
    );
    await t.db.transaction(async (tx) => {
      const { rows } = await tx.query<{ id: string }>(
        `insert into news (title, publication_date, content)
         values ('Mail through SMTP', now(), '<p>x</p>') returning id::text as id`,
      );
      await t.app.jobs.enqueue(NEWS_PUBLISHED_JOB, { newsId: Number(rows[0]?.id) }, { tx });
    });
    expect(await t.app.jobs.runDue(NEWS_PUBLISHED_JOB)).toBe(1); // fans out: one mail job

    // The server is down: both fail and wait, each time longer.
    expect(await t.app.jobs.runDue(USER_INVITATION_JOB)).toBe(1);
    expect(await t.app.jobs.runDue(MAIL_SEND_JOB)).toBe(1);
    const first = [...(await jobsOf(USER_INVITATION_JOB)), ...(await jobsOf(MAIL_SEND_JOB))];
    expect(first.map((j) => j.state)).toEqual(['retry', 'retry']);
    expect(first.every((j) => j.wait_s > 0)).toBe(true); // not due again at once
    expect(await t.app.jobs.runDue(MAIL_SEND_JOB)).toBe(0);
    expect(await invitationMail()).toBe('queued');
    await makeDue();
    expect(await t.app.jobs.runDue(USER_INVITATION_JOB)).toBe(1);
    expect(await t.app.jobs.runDue(MAIL_SEND_JOB)).toBe(1);
    const second = [...(await jobsOf(USER_INVITATION_JOB)), ...(await jobsOf(MAIL_SEND_JOB))];
    second.forEach((job, i) => {
      expect(job.state).toBe('retry');
      expect(job.retry_count).toBeGreaterThan(first[i]!.retry_count);
      expect(job.wait_s).toBeGreaterThan(first[i]!.wait_s); // back-off: a longer wait
    });
    expect(received).toEqual([]);

    // Back: each mail arrives once, over STARTTLS, authenticated.
    await startSmtp();
    await makeDue();
    expect(await t.app.jobs.runDue(USER_INVITATION_JOB)).toBe(1);
    expect(await t.app.jobs.runDue(MAIL_SEND_JOB)).toBe(1);
    await makeDue();
    expect(await t.app.jobs.runDue(USER_INVITATION_JOB)).toBe(0);
    expect(await t.app.jobs.runDue(MAIL_SEND_JOB)).toBe(0);
    expect(received.map((m) => [m.to, m.secure, m.user]).sort()).toEqual([
      [['anna.customer@portico.test'], true, 'portico'],
      [['smtp.invitee@northwind.test'], true, 'portico'],
    ]);
    expect(received.some((m) => m.subject.includes('Mail through SMTP'))).toBe(true);
    expect(await invitationMail()).toBe('sent');
  }, 30_000);

  it('records a permanent refusal, shows it and does not retry it', async () => {
    const { userId, invitationMail } = await invitedByAnna('No', 'Mailbox', REFUSED);
    const before = received.length;

    expect(await t.app.jobs.runDue(USER_INVITATION_JOB)).toBe(1);
    await makeDue();
    expect(await t.app.jobs.runDue(USER_INVITATION_JOB)).toBe(0); // not retried
    expect(received.length).toBe(before);
    expect(await invitationMail()).toBe('failed');
    const { rows } = await t.db.query<{ mail_failure: string }>(
      'select mail_failure from user_invitations where user_id = $1',
      [userId],
    );
    expect(rows[0]?.mail_failure).toMatch(/^550 .*No such mailbox/);
  });

  it('records a refused news mail and shows the editor how many subscribers it missed', async () => {
    // A second, active subscriber whose mailbox the server refuses for good (in the vendor's
    // account: anna's has no licence left for the next test's invitee).
    await t.db.query(
      `insert into users (id, email, password_hash, first_name, last_name, account_id)
       select 'u-gone-reader', $1, '', 'Gone', 'Reader', account_id from users where id = 'u-erik'`,
      [REFUSED_READER],
    );
    await t.db.query(
      `insert into email_subscriptions (user_id, topic, frequency)
       values ('u-gone-reader', 'general-news', 'immediately')`,
    );
    const editor = { authorization: `Bearer ${await bearerFor(t.app, ERIK)}` };
    const published = await t.app.inject({
      method: 'POST',
      url: '/api/news',
      headers: editor,
      payload: {
        ...{ title: 'Refused somewhere', subtitle: '', location: '', introduction: '' },
        ...{ publicationDate: Date.now() - 60_000, content: '<p>Body</p>', headerImage: null },
        ...{ sales: false, productIds: [], action: 'publish' },
      },
    });
    expect(published.statusCode).toBe(201);
    const item = newsEditorialItemSchema.parse(published.json());
    expect(item.mailFailures).toBe(0);
    const before = received.length;

    expect(await t.app.jobs.runDue(NEWS_PUBLISHED_JOB)).toBe(1);
    expect(await t.app.jobs.runDue(MAIL_SEND_JOB)).toBe(2); // anna's and the refused one
    await makeDue();
    expect(await t.app.jobs.runDue(MAIL_SEND_JOB)).toBe(0); // the refusal is not retried
    expect(received.slice(before).map((m) => m.to)).toEqual([[ANNA]]);

    const shown = await t.app.inject({
      method: 'GET',
      url: `/api/news/editor/${item.id}`,
      headers: editor,
    });
    expect(shown.statusCode).toBe(200);
    expect(newsEditorialItemSchema.parse(shown.json()).mailFailures).toBe(1);
    const { rows } = await t.db.query<{ user_id: string; mail_failure: string | null }>(
      `select user_id, mail_failure from subscription_deliveries
        where item_type = 'news' and item_id = $1 order by user_id`,
      [String(item.id)],
    );
    expect(rows.map((r) => r.user_id)).toEqual(['u-anna', 'u-gone-reader']);
    expect(rows[0]?.mail_failure).toBeNull();
    expect(rows[1]?.mail_failure).toMatch(/^550 .*No such mailbox/);
  });

  it('shows a mail that is still not sent after the last retry as failed', async () => {
    await new Promise<void>((resolve) => {
      if (smtp) smtp.close(() => resolve());
      else resolve();
    });
    smtp = undefined;
    const { invitationMail } = await invitedByAnna(
      'Never',
      'Reached',
      'never.reached@northwind.test',
    );
    // The first attempt and its five retries, each refused a connection.
    for (let attempt = 1; attempt <= 6; attempt += 1) {
      expect(await t.app.jobs.runDue(USER_INVITATION_JOB)).toBe(1);
      expect(await invitationMail()).toBe(attempt < 6 ? 'queued' : 'failed');
      await makeDue();
    }
    expect(await t.app.jobs.runDue(USER_INVITATION_JOB)).toBe(0); // given up
  });
});
