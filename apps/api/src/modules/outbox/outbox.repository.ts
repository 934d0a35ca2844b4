import { randomUUID } from 'node:crypto';
import type { Db } from '../../db/database';
import type { Clock } from '../../lib/clock';
import type { MailMessage } from '../../mail/mailer';

export interface OutboxRow {
  id: string;
  to_address: string;
  subject: string;
  text: string;
  html: string | null;
  created_at: string;
}

export class OutboxRepository {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  async insert(message: MailMessage): Promise<void> {
    await this.db
      .insertInto('dev_outbox')
      .values({
        id: randomUUID(),
        to_address: message.to.toLowerCase(),
        subject: message.subject,
        text: message.text,
        html: message.html ?? null,
        created_at: this.clock().toISOString(),
      })
      .execute();
  }

  /** Newest first. */
  list(options: { to?: string; limit: number }): Promise<OutboxRow[]> {
    let query = this.db.selectFrom('dev_outbox').selectAll();
    if (options.to) query = query.where('to_address', '=', options.to.toLowerCase());
    return query.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(options.limit).execute();
  }
}
