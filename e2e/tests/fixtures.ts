import { type APIRequestContext, test as base, expect } from '@playwright/test';

export interface OutboxMessage {
  id: string | number;
  to: string;
  subject: string;
  text: string;
  createdAt: string;
}

/** Waits for the newest development-outbox email to `to` and returns it. */
export async function readOutbox(request: APIRequestContext, to: string, after?: string | number) {
  let found: OutboxMessage | undefined;
  await expect
    .poll(
      async () => {
        const response = await request.get(`/api/dev/outbox?to=${encodeURIComponent(to)}`);
        const body = (await response.json()) as { messages: OutboxMessage[] };
        found = body.messages.find((message) => message.id !== after);
        return Boolean(found);
      },
      { timeout: 10_000 },
    )
    .toBe(true);
  return found!;
}

/** The 6-digit code of the newest email to `to` (skipping the message with id `after`). */
export async function readCode(request: APIRequestContext, to: string, after?: string | number) {
  const message = await readOutbox(request, to, after);
  const code = /\b(\d{6})\b/.exec(message.text)?.[1];
  expect(code, `a 6-digit code in "${message.subject}"`).toBeTruthy();
  return { code: code!, id: message.id };
}

export function uniqueEmail(prefix = 'customer') {
  return `${prefix}.${Date.now()}.${Math.floor(Math.random() * 1e6)}@example.com`;
}

export const test = base;
export { expect };
