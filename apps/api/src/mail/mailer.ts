/** A file sent with an email (the booking's `booking.ics`). */
export interface MailAttachment {
  filename: string;
  /** e.g. `text/calendar; charset=utf-8; method=PUBLISH` */
  contentType: string;
  content: string;
}

/** One email as the templates write it. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  attachments?: MailAttachment[];
}

/** An email as the outbox hands it to a transport: with the Message-ID every try keeps. */
export interface OutgoingMail extends MailMessage {
  messageId: string;
}

/**
 * Where the outbox's worker delivers (SMTP, or the development log). `send` rejects when the
 * message was not accepted; an error with a 5xx `responseCode` means it never will be.
 */
export interface Mailer {
  send(message: OutgoingMail): Promise<void>;
  close?(): Promise<void>;
}
