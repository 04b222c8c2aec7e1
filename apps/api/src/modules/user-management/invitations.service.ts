import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { resolveLanguage } from '@portico/locales';
import type { Db, Queryable } from '../../db/db.js';
import { formatDateTime } from '../../lib/i18n/format.js';
import { textsFor } from '../../lib/i18n/translate.js';
import type { JobQueue } from '../../lib/jobs/job-queue.js';
import { isPermanentMailError, mailFailureOf, type Mailer } from '../../lib/mail/mailer.js';
import { ConflictError } from '../../lib/errors.js';
import {
  activateInvitedUser,
  findInvitationToSend,
  findOpenInvitationByToken,
  insertInvitation,
  markAccepted,
  markInvitationMailFailed,
  markInvitationSent,
  revokeInvitations,
  setInvitationToken,
  type OpenInvitation,
} from './invitations.repository.js';
import './invitation.texts.js';
import { insertAudit } from './user-audit.repository.js';
import { reachableUser, actorName, type UserManagementDeps } from './user-management.service.js';

// Invitations (§4 Pending → Active): the one-time link, its mail job, resend and revoke.

export const INVITATION_VALID_DAYS = 7;
export const USER_INVITATION_JOB = 'users.invitation';

export async function enqueueInvitation(
  deps: UserManagementDeps,
  tx: Queryable,
  userId: string,
  createdBy: string,
): Promise<void> {
  const invitationId = randomUUID();
  await insertInvitation(tx, {
    id: invitationId,
    userId,
    createdBy,
    validDays: INVITATION_VALID_DAYS,
  });
  await deps.jobs.enqueue(USER_INVITATION_JOB, { invitationId }, { tx });
}

/** Resend (a new link; the old one stops working) or revoke the invitation of a Pending user. */
export async function changeInvitation(
  deps: UserManagementDeps,
  callerId: string,
  id: string,
  action: 'resend' | 'revoke',
): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const { admin, user } = await reachableUser(tx, callerId, id);
    if (user.status !== 'Pending') {
      throw new ConflictError('Only a pending user has an invitation.');
    }
    const revoked = await revokeInvitations(tx, user.id);
    if (action === 'resend') await enqueueInvitation(deps, tx, user.id, admin.caller.id);
    else if (revoked === 0) throw new ConflictError('This user has no open invitation.');
    await insertAudit(tx, {
      userId: user.id,
      accountId: admin.account.id,
      actorId: admin.caller.id,
      actorName: actorName(admin.caller),
      action: action === 'resend' ? 'invited' : 'invitation-revoked',
      changes: {},
    });
  });
}

export const hashToken = (token: string): string =>
  createHash('sha256').update(token).digest('hex');

export interface InvitationMailOptions {
  publicUrl: string;
  /** An external identity provider signs people in: no password to set (ADR 0029). */
  externalIdp: boolean;
}

/** The invitation job: a fresh one-time token (only its hash is stored), then the mail. */
export function defineInvitationJob(
  deps: { db: Db; jobs: JobQueue; mailer: Mailer },
  options: InvitationMailOptions,
): void {
  deps.jobs.define<{ invitationId: string }>({
    name: USER_INVITATION_JOB,
    parse: (data) => {
      const id = (data as { invitationId?: unknown }).invitationId;
      if (typeof id !== 'string') throw new Error('invitation job without an invitation id');
      return { invitationId: id };
    },
    handle: async ({ invitationId }, attempt) => {
      const invitation = await findInvitationToSend(deps.db, invitationId);
      if (!invitation) return; // revoked, accepted or expired meanwhile: nothing to send
      const token = randomBytes(32).toString('base64url');
      await setInvitationToken(deps.db, invitation.id, hashToken(token));
      // In the invited user's profile language and time zone (issue 16).
      const language = resolveLanguage(invitation.language);
      const t = await textsFor(deps.db, language);
      const expires = formatDateTime(
        new Date(invitation.expires_at),
        language,
        invitation.time_zone,
      );
      const link = options.externalIdp
        ? `${options.publicUrl}/`
        : `${options.publicUrl}/invitation/${token}`;
      const action = options.externalIdp
        ? t('mail.invitation.external', { link })
        : `${t('mail.invitation.set-password', { expires })}\n${link}`;
      const account = invitation.account_name;
      const message = {
        to: invitation.email,
        subject: t('mail.invitation.subject', { account }),
        text: [
          t('mail.invitation.greeting', { name: invitation.first_name }),
          '',
          t('mail.invitation.invited', { account }),
          '',
          action,
          '',
          t('mail.invitation.ignore'),
          '',
        ].join('\n'),
      };
      try {
        await deps.mailer.send(message);
      } catch (error) {
        // Passing trouble (server down, 4xx) is retried with back-off by the queue; a refusal
        // for good, or the last retry failing, is recorded for the administrator (ADR 0053).
        const permanent = isPermanentMailError(error);
        if (permanent || attempt.last) {
          await markInvitationMailFailed(deps.db, invitation.id, mailFailureOf(error));
        }
        if (permanent) return;
        throw error;
      }
      await markInvitationSent(deps.db, invitation.id);
    },
  });
}

/** The open invitation a link's token names (a spent, revoked or expired one is none). */
export function findInvitationByToken(
  db: Queryable,
  token: string,
): Promise<OpenInvitation | undefined> {
  return findOpenInvitationByToken(db, hashToken(token));
}

/**
 * Accepts the invitation: the user gets the password and becomes Active, in one transaction
 * with its change history. False when it was accepted or changed meanwhile.
 */
export function acceptInvitation(
  db: Db,
  invitation: OpenInvitation,
  passwordHash: string,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    if (!(await markAccepted(tx, invitation.id))) return false;
    if (!(await activateInvitedUser(tx, invitation.user_id, passwordHash))) return false;
    await insertAudit(tx, {
      userId: invitation.user_id,
      accountId: invitation.account_id,
      actorId: invitation.user_id,
      actorName: `${invitation.last_name}, ${invitation.first_name}`,
      action: 'activated',
      changes: { status: { before: 'Pending', after: 'Active' } },
    });
    return true;
  });
}
