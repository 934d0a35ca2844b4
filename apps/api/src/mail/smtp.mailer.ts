import nodemailer from 'nodemailer';
import type { Mailer, MailMessage } from './mailer';

/**
 * Sends through an SMTP server (`SMTP_URL`, e.g. smtp://user:pass@host:587 or smtps://…), over a
 * few pooled connections that are kept open and reused: a new connection (and TLS handshake) per
 * email would hold every booking request up by a round of SMTP greetings. `?pool=false` in the URL
 * turns pooling off.
 */
export function createSmtpMailer(smtpUrl: string, from: string): Mailer {
  const transport = nodemailer.createTransport({ url: smtpUrl, pool: true });
  const sending = new Set<Promise<unknown>>();
  return {
    async send(message: MailMessage) {
      const sent = transport.sendMail({ from, ...message });
      sending.add(sent);
      try {
        await sent;
      } finally {
        sending.delete(sent);
      }
    },
    async close() {
      // A request whose client has gone may still be sending its email when the server closes:
      // the pool stays open until every email in flight is sent.
      while (sending.size > 0) await Promise.allSettled([...sending]);
      transport.close();
    },
  };
}
