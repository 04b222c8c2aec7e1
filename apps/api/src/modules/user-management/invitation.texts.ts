import { defineTexts } from '../../lib/i18n/define-texts.js';

/**
 * The invitation e-mail and the set-password pages (issue 15 §4, issue 16): in the invited
 * user's profile language, which the administrator chose when inviting.
 */
export const invitationTexts = defineTexts({
  'invitation.title': 'Set your Portico password',
  'invitation.intro': 'Welcome, {name}. Choose a password to finish setting up your account.',
  'invitation.password': 'New password',
  'invitation.confirm': 'Repeat the password',
  'invitation.submit': 'Set password',
  'invitation.too-short': 'The password must have at least {min} characters.',
  'invitation.mismatch': 'The two passwords are not the same.',
  'invitation.done.title': 'Your password is set',
  'invitation.done':
    'Your account is active. Sign in with your e-mail address and the new password.',
  'invitation.sign-in': 'Sign in to Portico',
  'invitation.invalid.title': 'This invitation link is not valid',
  'invitation.invalid':
    'The link has been used, has expired or was withdrawn. Ask your administrator for a new invitation.',
  'invitation.page-title': '{title} | Portico',
  'mail.invitation.subject': 'You are invited to Portico by {account}',
  'mail.invitation.greeting': 'Hello {name},',
  'mail.invitation.invited': '{account} has invited you to Portico.',
  'mail.invitation.external': 'Sign in with your company account at {link}',
  'mail.invitation.set-password': 'Set your password here (the link works once, until {expires}):',
  'mail.invitation.ignore': 'If you did not expect this e-mail, you can ignore it.',
});
