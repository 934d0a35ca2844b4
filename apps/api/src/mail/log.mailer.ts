import type { FastifyBaseLogger } from 'fastify';
import type { Mailer, OutgoingMail } from './mailer';

/**
 * Development delivery without SMTP_URL: nothing leaves the server; the message stays readable in
 * the outbox page, and a log line says so (recipient and subject only: the body holds codes).
 */
export function createLogMailer(logger: FastifyBaseLogger): Mailer {
  return {
    async send(message: OutgoingMail) {
      logger.info(
        { mailTo: message.to, subject: message.subject, messageId: message.messageId },
        'email kept in the outbox (/dev/outbox)',
      );
    },
  };
}
