import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { createCustomer, DEMO_PASSWORD, expect, test, withoutHydration } from './fixtures';
import { screenshotsEnabled } from './screenshots';

// Issue 29, item 21: every email's branded HTML part, as a phone's mail app shows it (375 px wide).
const dir = join(import.meta.dirname, '..', '..', 'test-output', 'screenshots');

interface Message {
  id: string;
  kind: string;
  subject: string;
  htmlUrl: string | null;
}

test('every kind of email reads at 375 px: the brand, the content, no sideways scrolling', async ({
  page,
}) => {
  // At least a code, an invitation and booking emails, whatever ran before.
  await createCustomer(page.request, 'Customer1!', 'emails');
  const login = await page.request.post('/api/auth/login', {
    data: { email: 'admin@trimtime.test', password: DEMO_PASSWORD },
  });
  const { accessToken } = (await login.json()) as { accessToken: string };
  const invited = await page.request.post('/api/auth/send-business-invite', {
    data: { email: `emails.${Date.now()}@example.com` },
    headers: { Authorization: `Bearer ${accessToken}` },
  });
  expect(invited.status()).toBe(201);

  const { messages } = (await (await page.request.get('/api/dev/outbox')).json()) as { messages: Message[] };
  // One of each kind of subject (its first three words), newest first.
  const seen = new Set<string>();
  const samples = messages.filter((message) => {
    const key = `${message.kind} ${message.subject.split(' ').slice(0, 3).join(' ')}`;
    if (!message.htmlUrl || seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  // At least the kinds this journey sends; whatever else the outbox holds is read too.
  for (const kind of ['code', 'invite']) {
    expect(
      samples.some((message) => message.kind === kind),
      `a ${kind} email`,
    ).toBe(true);
  }

  mkdirSync(dir, { recursive: true });
  // An email is its own document, not a page of the app: nothing hydrates.
  withoutHydration(page);
  await page.setViewportSize({ width: 375, height: 812 });
  for (const [index, message] of samples.entries()) {
    await page.goto(message.htmlUrl!);
    await expect(page.locator('header')).toHaveText('TrimTime NI');
    await expect(page).toHaveTitle(message.subject);
    const widths = await page.evaluate(() => ({
      page: document.documentElement.scrollWidth,
      view: window.innerWidth,
    }));
    expect(widths.page, `${message.subject} scrolls sideways`).toBeLessThanOrEqual(widths.view);
    // The main action, where there is one, is a tappable button-sized link inside the screen.
    const action = page.locator('main a').first();
    if ((await action.count()) > 0) {
      const box = await action.boundingBox();
      expect(box!.height).toBeGreaterThanOrEqual(40);
      expect(box!.x + box!.width).toBeLessThanOrEqual(375);
    }
    if (screenshotsEnabled) {
      await page.screenshot({ path: join(dir, `email-${index}-${message.kind}-375.png`), fullPage: true });
    }
  }
});
