import { CODE_LENGTH, PRODUCT_NAME, RESET_CODE_TTL_HOURS, SIGNUP_CODE_TTL_HOURS } from '@app/domain';
import type { MailMessage } from './mailer';

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function codeEmail(to: string, subject: string, intro: string, code: string, validity: string): MailMessage {
  return {
    to,
    subject,
    text: `${intro}\n\nYour ${CODE_LENGTH}-digit code: ${code}\n\nIt is valid for ${validity}. If you did not ask for it, you can ignore this email.\n\n${PRODUCT_NAME}`,
    html: `<p>${escapeHtml(intro)}</p><p>Your ${CODE_LENGTH}-digit code: <strong style="font-size:1.4em;letter-spacing:0.2em">${escapeHtml(code)}</strong></p><p>It is valid for ${escapeHtml(validity)}. If you did not ask for it, you can ignore this email.</p><p>${escapeHtml(PRODUCT_NAME)}</p>`,
  };
}

const hours = (n: number) => (n === 1 ? '1 hour' : `${n} hours`);

export const signupCodeEmail = (to: string, code: string) =>
  codeEmail(
    to,
    `Your ${PRODUCT_NAME} confirmation code`,
    `Welcome to ${PRODUCT_NAME}! Enter this code to confirm your account.`,
    code,
    hours(SIGNUP_CODE_TTL_HOURS),
  );

export const passwordResetCodeEmail = (to: string, code: string) =>
  codeEmail(
    to,
    `Your ${PRODUCT_NAME} password reset code`,
    'Someone (hopefully you) asked to reset the password of this account. Enter this code to choose a new password.',
    code,
    hours(RESET_CODE_TTL_HOURS),
  );
