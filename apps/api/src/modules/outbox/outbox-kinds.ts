import type { OutboxKind } from '../../db/schema';
import type { MailMessage } from '../../mail/mailer';
import type { OutboxRepository, OutboxRow } from '../../repositories/outbox.repository';

/**
 * Writes an email of one kind again as it goes, from what is true then (the row holds the copy
 * written when it was queued). Returns the message, or why it does not go.
 */
export type SendTimeWriter = (row: OutboxRow, to: string) => Promise<MailMessage | { skip: string }>;

/** The account settings an email of a kind may honour (api-contract §8.3, §8.8). */
export type NotificationSetting = 'notify_booking_updates' | 'notify_reminders' | 'notify_messages';

const SETTING_OFF: Record<NotificationSetting, string> = {
  notify_booking_updates: 'Booking updates are turned off.',
  notify_reminders: 'Reminders are turned off.',
  notify_messages: 'Message emails are turned off.',
};

/**
 * How the emails of one kind go, registered by the module that writes them (the outbox knows no
 * feature). A kind without a handler goes as written, where it was addressed.
 */
export interface OutboxKindHandler {
  /**
   * The recipient's setting that must be on when it goes; the email then goes to the account's
   * address as it is then.
   */
  setting?: NotificationSetting;
  /** Why it should no longer go, read when it goes (e.g. its booking is no longer agreed). */
  skipReason?: (row: OutboxRow) => Promise<string | null>;
  /** Writes it again as it goes (e.g. a reminder, with the business's notice as it is then). */
  write?: SendTimeWriter;
}

/**
 * What each kind of email is when it goes, as the modules that write them registered it (the outbox
 * knows no feature): where it goes, whether it still goes, and its words then.
 */
export class OutboxKinds {
  private readonly handlers = new Map<OutboxKind, OutboxKindHandler>();

  constructor(private readonly repository: OutboxRepository) {}

  handle(kind: OutboxKind, handler: OutboxKindHandler): void {
    this.handlers.set(kind, handler);
  }

  /** Which of `kinds` no module has registered. */
  missing(kinds: readonly OutboxKind[]): OutboxKind[] {
    return kinds.filter((kind) => !this.handlers.has(kind));
  }

  /**
   * What goes, and where (`owner` holds the row's lease): the message as written at enqueue, or as its kind's handler writes it
   * now (recorded on the row for the outbox page); or why nothing goes.
   */
  async outgoing(row: OutboxRow, message: OutboxRow, owner: string): Promise<MailMessage | { skip: string }> {
    const handler = this.handlers.get(row.kind);
    const target = await this.addressOf(row, handler);
    if ('skip' in target) return target;
    if (!handler?.write) {
      return {
        to: target.to,
        subject: message.subject,
        text: message.text,
        ...(message.html ? { html: message.html } : {}),
      };
    }
    const written = await handler.write(row, target.to);
    if (!('skip' in written)) await this.repository.rewrite(row.id, owner, written);
    return written;
  }

  /**
   * The address to send to, read now: a kind whose handler names a setting goes to the account's
   * current address while that setting is on (api-contract §8.3, §8.8), unless its send-time check
   * says it no longer goes; codes, invites and notices go where they were addressed.
   */
  private async addressOf(
    row: OutboxRow,
    handler: OutboxKindHandler | undefined,
  ): Promise<{ to: string } | { skip: string }> {
    if (!handler?.setting || !row.recipient_id) return { to: row.to_address };
    const recipient = await this.repository.recipient(row.recipient_id);
    if (!recipient) return { skip: 'The account no longer exists.' };
    if (recipient[handler.setting] !== 1) return { skip: SETTING_OFF[handler.setting] };
    const skip = await handler.skipReason?.(row);
    return skip ? { skip } : { to: recipient.email };
  }
}
