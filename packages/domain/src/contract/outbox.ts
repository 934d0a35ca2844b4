import { z } from 'zod';

// GET /api/dev/outbox (outside production): every email the server has written and its delivery.

export const OUTBOX_STATUSES = ['pending', 'sent', 'failed', 'skipped'] as const;

export const OutboxMessageSchema = z.object({
  id: z.string(),
  messageId: z.string(),
  kind: z.enum([
    'code',
    'invite',
    'security',
    'booking',
    'reminder',
    'messages',
    'review_invite',
    'receipt',
    'waitlist',
  ]),
  status: z.enum(OUTBOX_STATUSES),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  /** Where the page shows the HTML part as sent (/dev/outbox/{id}/html), null without one. */
  htmlUrl: z.string().nullable(),
  /** File names of the attachments. */
  attachments: z.array(z.string()),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  notBefore: z.string(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
});
export type OutboxMessage = z.infer<typeof OutboxMessageSchema>;
