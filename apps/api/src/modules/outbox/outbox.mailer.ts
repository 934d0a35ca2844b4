import type { FastifyBaseLogger } from 'fastify';
import type { Mailer, MailMessage } from '../../mail/mailer';
import type { OutboxRepository } from './outbox.repository';

/**
 * Development mail: a log line (recipient and subject only: the body holds codes) and a row in the
 * dev outbox that /dev/outbox shows.
 */
export function createOutboxMailer(outbox: OutboxRepository, logger: FastifyBaseLogger): Mailer {
  return {
    async send(message: MailMessage) {
      await outbox.insert(message);
      logger.info(
        { mailTo: message.to, subject: message.subject },
        'email kept in the dev outbox (/dev/outbox)',
      );
    },
  };
}
