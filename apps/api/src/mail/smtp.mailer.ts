import nodemailer from 'nodemailer';
import type { Mailer, OutgoingMail } from './mailer';

/** How long one SMTP exchange may take before the outbox counts it as a failed try. */
export interface SmtpTimeouts {
  /** TCP connect (and TLS) */
  connectionMs: number;
  /** the server's greeting after connecting (nodemailer also ends it `connectionMs` after connecting began) */
  greetingMs: number;
  /** silence on an open connection */
  socketMs: number;
  /** one whole message, however the server dribbles */
  messageMs: number;
}

export const DEFAULT_SMTP_TIMEOUTS: SmtpTimeouts = {
  connectionMs: 10_000,
  greetingMs: 10_000,
  socketMs: 20_000,
  messageMs: 30_000,
};

/** How long closing waits for a message still on the wire. */
const CLOSE_WAIT_MS = 5_000;

/** A try that ran out of time (transient: retried). */
export class SmtpTimeoutError extends Error {
  readonly code = 'ETIMEDOUT';
}

/**
 * Nodemailer reports its own timeouts with code ETIMEDOUT and bare messages ("Greeting never
 * received", "Timeout"): say that the try timed out, so the outbox's last error reads as what it is.
 */
function asTimeout(error: unknown): unknown {
  if (error instanceof SmtpTimeoutError || !(error instanceof Error)) return error;
  if ((error as Error & { code?: unknown }).code !== 'ETIMEDOUT') return error;
  return new SmtpTimeoutError(`SMTP timed out: ${error.message}`, { cause: error });
}

/**
 * Sends through an SMTP server (`SMTP_URL`, e.g. smtp://user:pass@host:587 or smtps://…) over one
 * kept-open connection: the outbox worker sends one message at a time. Every stage has a timeout,
 * and a message that takes longer than `messageMs` in all is abandoned with its connection: a server
 * that accepts TCP and never answers cannot hold the worker (the outbox's lease is longer than the
 * whole budget, so no other process takes the message meanwhile).
 */
export function createSmtpMailer(
  smtpUrl: string,
  from: string,
  timeouts: SmtpTimeouts = DEFAULT_SMTP_TIMEOUTS,
): Mailer {
  const createTransport = () =>
    nodemailer.createTransport({
      url: smtpUrl,
      pool: true,
      maxConnections: 1,
      connectionTimeout: timeouts.connectionMs,
      greetingTimeout: timeouts.greetingMs,
      socketTimeout: timeouts.socketMs,
    });
  let transport = createTransport();
  const sending = new Set<Promise<unknown>>();
  return {
    async send({ messageId, attachments, ...message }: OutgoingMail) {
      const sent = transport.sendMail({
        from,
        messageId,
        ...message,
        ...(attachments ? { attachments: attachments.map((a) => ({ ...a })) } : {}),
      });
      sending.add(sent);
      let timer: NodeJS.Timeout | undefined;
      const timedOut = new Promise<never>((_, reject) => {
        timer = setTimeout(
          () =>
            reject(new SmtpTimeoutError(`SMTP did not accept the message within ${timeouts.messageMs} ms`)),
          timeouts.messageMs,
        );
      });
      try {
        await Promise.race([sent, timedOut]);
      } catch (error) {
        if (error instanceof SmtpTimeoutError) {
          // The connection is stuck: drop it (and the message on it) and start afresh.
          const stuck = transport;
          transport = createTransport();
          stuck.close();
          sent.catch(() => undefined);
          throw error;
        }
        throw asTimeout(error);
      } finally {
        clearTimeout(timer);
        sending.delete(sent);
      }
    },
    async close() {
      // The worker stops before the mailer closes; a message still on the wire may finish.
      // (The worker waits for it only so long: see Outbox.stop.)
      let timer: NodeJS.Timeout | undefined;
      const waited = new Promise((resolve) => {
        timer = setTimeout(resolve, CLOSE_WAIT_MS);
      });
      while (sending.size > 0) {
        if (
          (await Promise.race([Promise.allSettled([...sending]), waited.then(() => 'timeout')])) === 'timeout'
        )
          break;
      }
      clearTimeout(timer);
      transport.close();
    },
  };
}
