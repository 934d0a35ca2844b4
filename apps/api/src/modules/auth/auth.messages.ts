import { INVITE_EXPIRY_HOURS } from '@app/domain';

/** The server's own auth messages (the spec's strings live in @app/domain MESSAGES). */
export const AUTH_MESSAGES = {
  registered: 'Account created. Please check your email for a confirmation code.',
  confirmed: 'Account confirmed. You can now sign in.',
  codeResent: 'If an unconfirmed account exists for this email, a new confirmation code has been sent.',
  resetCodeSent: 'If an account exists for this email, a password reset code has been sent.',
  passwordReset: 'Your password has been reset. You can now sign in.',
  emailTaken: 'An account with this email already exists.',
  codeMismatch: 'Invalid verification code provided, please try again.',
  codeExpired: 'This code has expired. Please request a new code.',
  invalidRefreshToken: 'Invalid or expired refresh token.',
  inviteSent: `Invitation sent. The link is valid for ${INVITE_EXPIRY_HOURS} hours.`,
  inviteResent: `Invitation sent again with a new link, valid for ${INVITE_EXPIRY_HOURS} hours. The earlier link no longer works.`,
  inviteRevoked: 'Invitation revoked. Its link no longer works.',
  inviteNotFound: 'Invitation not found.',
  inviteAlreadyUsed: 'This invitation has been used: the business has registered.',
} as const;
