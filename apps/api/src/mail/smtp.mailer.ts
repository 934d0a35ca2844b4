import nodemailer from 'nodemailer';
import type { Mailer, MailMessage } from './mailer';

/** Sends through an SMTP server (`SMTP_URL`, e.g. smtp://user:pass@host:587 or smtps://…). */
export function createSmtpMailer(smtpUrl: string, from: string): Mailer {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    async send(message: MailMessage) {
      await transport.sendMail({ from, ...message });
    },
    async close() {
      transport.close();
    },
  };
}
