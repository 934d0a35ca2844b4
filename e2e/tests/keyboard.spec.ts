import type { Locator, Page } from '@playwright/test';
import { recordKeyboardJourney } from './a11y-helpers';
import { createCustomer, expect, test } from './fixtures';

/**
 * Issue 5 §5: keyboard-only journeys. After the first page load every action is a key press through
 * page.keyboard (Tab, Shift+Tab, Enter, Space, arrows, typing); no clicks. At every focus stop the
 * focused element must be visible and show a focus indicator; dialogs keep focus inside while open
 * and give it back to what opened them.
 */

const PASSWORD = 'Keys2Book!';
const MAX_TABS = 60;

let steps: string[] = [];
const step = (text: string) => steps.push(text);

test.beforeEach(() => {
  steps = [];
});

// biome-ignore lint/correctness/noEmptyPattern: Playwright reads the fixtures a hook uses from this pattern
test.afterEach(({}, testInfo) => {
  recordKeyboardJourney({
    journey: testInfo.title,
    status: testInfo.status === testInfo.expectedStatus ? 'passed' : (testInfo.status ?? 'unknown'),
    steps,
    durationMs: testInfo.duration,
  });
});

interface FocusInfo {
  description: string;
  visible: boolean;
  /** How the focus shows: 'outline', 'ring' or 'border', on the element or the box drawn for it. */
  indicator: string | null;
}

/**
 * What the focused element looks like. Mantine draws some controls around the real element: a
 * switch's or radio's track beside a hidden input, a password field's border on its wrapper.
 */
function readFocus(page: Page): Promise<FocusInfo | null> {
  return page.evaluate((focusBorder) => {
    const element = document.activeElement as HTMLElement | null;
    if (!element || element === document.body) return null;
    const isHiddenInput =
      element instanceof HTMLInputElement && Number(getComputedStyle(element).opacity) === 0;
    const candidates = [
      element,
      element.nextElementSibling,
      element.parentElement,
      element.parentElement?.parentElement,
    ].filter((candidate): candidate is HTMLElement => candidate instanceof HTMLElement);
    let indicator: string | null = null;
    for (const candidate of candidates) {
      const style = getComputedStyle(candidate);
      if (
        style.outlineStyle !== 'none' &&
        Number.parseFloat(style.outlineWidth) >= 1 &&
        style.outlineColor !== 'rgba(0, 0, 0, 0)'
      )
        indicator = `outline ${style.outlineWidth} ${style.outlineColor}`;
      else if (style.boxShadow !== 'none') indicator = `ring ${style.boxShadow}`;
      else if (style.borderTopColor === focusBorder && Number.parseFloat(style.borderTopWidth) >= 1)
        indicator = `border ${style.borderTopColor}`;
      if (indicator) break;
    }
    const drawn = isHiddenInput ? ((element.nextElementSibling as HTMLElement | null) ?? element) : element;
    const rect = drawn.getBoundingClientRect();
    const name =
      element.getAttribute('aria-label') ??
      (element.id ? document.querySelector(`label[for="${element.id}"]`)?.textContent : null) ??
      element.textContent ??
      '';
    const role = element.getAttribute('role');
    return {
      description: `<${element.tagName.toLowerCase()}${role ? ` role=${role}` : ''}> "${name.trim().slice(0, 50)}"`,
      visible:
        rect.width > 0 && rect.height > 0 && drawn.checkVisibility({ opacityProperty: !isHiddenInput }),
      indicator,
    };
  }, FOCUS_BORDER);
}

// Mantine inputs show focus as a brand-7 border (--mantine-primary-color-filled).
const FOCUS_BORDER = 'rgb(0, 119, 148)';

async function expectVisibleFocus(page: Page) {
  let focus: FocusInfo | null = null;
  // Borders and outlines ease in over ~100 ms.
  await expect
    .poll(
      async () => {
        focus = await readFocus(page);
        return Boolean(focus?.visible && focus.indicator);
      },
      { timeout: 2000, intervals: [50, 100, 250] },
    )
    .toBe(true)
    .catch(() => {
      throw new Error(`no visible focus indicator on ${JSON.stringify(focus)}`);
    });
}

/** Presses Tab (or Shift+Tab) until `target` has focus, checking the indicator at every stop. */
async function tabTo(page: Page, target: Locator, options: { backwards?: boolean } = {}) {
  const key = options.backwards ? 'Shift+Tab' : 'Tab';
  for (let presses = 0; presses < MAX_TABS; presses += 1) {
    await page.keyboard.press(key);
    // Past the last (or first) element focus leaves the page for the browser's own controls.
    if ((await readFocus(page)) === null) continue;
    await expectVisibleFocus(page);
    if (await target.evaluate((element) => element === document.activeElement).catch(() => false)) return;
  }
  throw new Error(`${MAX_TABS} presses of ${key} never reached ${target}`);
}

async function expectFocused(target: Locator) {
  await expect.poll(() => target.evaluate((element) => element === document.activeElement)).toBe(true);
}

/** Tab and Shift+Tab many times: focus must never leave the open dialog. */
async function expectFocusTrapped(page: Page, dialog: Locator) {
  for (const key of ['Tab', 'Tab', 'Tab', 'Tab', 'Tab', 'Tab', 'Shift+Tab', 'Shift+Tab', 'Shift+Tab']) {
    await page.keyboard.press(key);
    expect(
      await dialog.evaluate((element) => element.contains(document.activeElement)),
      `focus stays in the dialog after ${key}`,
    ).toBe(true);
    await expectVisibleFocus(page);
  }
}

/** Signs in with the keyboard only, from the first Tab on /login. */
async function signInWithKeyboard(page: Page, email: string) {
  await page.goto('/login');
  await expect(page.getByRole('heading', { name: 'Sign In' })).toBeVisible();

  await page.keyboard.press('Tab');
  await expectFocused(page.getByRole('link', { name: 'Skip to content' }));
  await expectVisibleFocus(page);
  await page.keyboard.press('Enter');
  step('Skip to content');

  await tabTo(page, page.getByLabel('Email'));
  await page.keyboard.type(email);
  await tabTo(page, page.getByLabel('Password', { exact: true }));
  await page.keyboard.type(PASSWORD);
  step('type email and password');

  const remember = page.getByRole('checkbox', { name: /Remember me/ });
  await tabTo(page, remember);
  await page.keyboard.press('Space');
  await expect(remember).toBeChecked();
  step('Space on Remember me');

  await tabTo(page, page.getByRole('button', { name: 'Sign In' }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/$/);
  await expect(
    page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Profile' }),
  ).toBeVisible();
  await expectPageHeadingFocused(page);
  step("Enter on Sign In; focus moves to the landing page's heading");
}

/** After a page change focus is on the new page's main heading, where the next Tab starts. */
async function expectPageHeadingFocused(page: Page) {
  await expectFocused(page.getByRole('main').getByRole('heading', { level: 1 }));
}

test('Sign in (1280 px)', async ({ page, request }) => {
  const email = await createCustomer(request, PASSWORD, 'keys-signin');
  await signInWithKeyboard(page, email);
  // Remember-me kept the session in localStorage.
  expect(await page.evaluate(() => localStorage.getItem('trimtime.session'))).not.toBeNull();
});

test('Burger menu (375 px): opens, traps focus, closes on Escape, returns focus, follows a link', async ({
  page,
}) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto('/');
  const burger = page.getByRole('button', { name: 'Menu' });
  await expect(burger).toBeVisible();

  await tabTo(page, burger);
  await page.keyboard.press('Enter');
  const menu = page.getByRole('dialog');
  await expect(menu.getByRole('navigation', { name: 'Main' })).toBeVisible();
  await expect.poll(() => menu.evaluate((element) => element.contains(document.activeElement))).toBe(true);
  step('Enter on Menu');
  await expectFocusTrapped(page, menu);
  step('focus trapped');

  await page.keyboard.press('Escape');
  await expect(menu).toHaveCount(0);
  await expectFocused(burger);
  await expectVisibleFocus(page);
  step('Escape returns focus to Menu');

  await page.keyboard.press('Space');
  await expect(menu.getByRole('navigation', { name: 'Main' })).toBeVisible();
  await tabTo(page, menu.getByRole('link', { name: 'Login' }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('heading', { name: 'Sign In' })).toBeVisible();
  step('Space on Menu, Enter on Login');
});

test('Booking (1280 px): business, date & time, price, review, send, see it under Requested', async ({
  page,
  request,
}) => {
  const email = await createCustomer(request, PASSWORD, 'keys-book');
  await signInWithKeyboard(page, email);

  // Navigation bar → the businesses list.
  await tabTo(page, page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Request' }));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Available Barbers' })).toBeVisible();
  await expectPageHeadingFocused(page);
  step('Enter on Request; focus on the Available Barbers heading');

  const business = 'Walled City Barbers';
  const card = page.getByRole('article').filter({ hasText: business });
  await tabTo(page, card.getByRole('link', { name: 'Request Now' }));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Date & Time' })).toBeVisible();
  await expectPageHeadingFocused(page);
  step(`Enter on Request Now (${business}); focus on the page heading`);

  // A day: the calendar is one Tab stop, on the chosen day (the first with a free time); the arrow
  // keys move between the days with one (issue 29, item 20). Then the first hour of that day.
  const days = page.locator('button[aria-pressed]:not([disabled])').filter({ hasText: /^\d/ });
  await tabTo(page, days.first());
  await page.keyboard.press('ArrowRight');
  const day = days.nth(1);
  await expectFocused(day);
  await expectVisibleFocus(page);
  await page.keyboard.press('Enter');
  await expect(day).toHaveAttribute('aria-pressed', 'true');
  step('Tab to the calendar, ArrowRight to the next free day, Enter on it');
  const times = page.getByRole('group', { name: /^Times on / });
  const firstHour = times.getByRole('button').first();
  const hour = (await firstHour.textContent())?.trim() ?? '';
  await tabTo(page, firstHour);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Price' })).toBeVisible();
  await expectFocused(page.getByRole('heading', { name: 'Price' }));
  step(`Enter on ${hour}; focus moves to the Price heading`);

  // Price: into the radio group, arrows between the offers, Space to choose.
  const minimum = page.getByRole('radio', { name: /\(minimum\)$/ });
  await tabTo(page, minimum);
  await page.keyboard.press('ArrowRight');
  const second = page.getByRole('radio').nth(1);
  await expectFocused(second);
  await expectVisibleFocus(page);
  await page.keyboard.press('ArrowLeft');
  await expectFocused(minimum);
  await page.keyboard.press('Space');
  await expect(minimum).toBeChecked();
  step('Arrow keys between offers, Space on the minimum');

  await tabTo(page, page.getByRole('button', { name: 'Continue' }));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Review', exact: true })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Your request' })).toContainText(hour);
  step('Enter on Continue');

  // Shift+Tab back through the review's Change links, then forward to Send Request.
  await tabTo(page, page.getByRole('button', { name: 'Change price' }));
  await tabTo(page, page.getByRole('button', { name: 'Change date and time' }), { backwards: true });
  await tabTo(page, page.getByRole('button', { name: 'Send Request' }));
  await page.keyboard.press('Enter');
  const sent = page.getByRole('dialog', { name: 'Request sent' });
  await expect(sent).toBeVisible();
  await expect.poll(() => sent.evaluate((element) => element.contains(document.activeElement))).toBe(true);
  await expectFocusTrapped(page, sent);
  step('Enter on Send Request; the Request sent dialog traps focus');

  await tabTo(page, sent.getByRole('button', { name: 'Go to Appointments' }));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/profile(\?|$)/);
  step('Enter on Go to Appointments');

  // The booking tabs: Tab into the list, arrows to Requested.
  const requestedTab = page.getByRole('tab', { name: /^Requested \(\d+\)$/ });
  await expect(requestedTab).toBeVisible();
  const tabs = page.getByRole('tablist', { name: 'Bookings by status' });
  await tabTo(page, tabs.getByRole('tab', { selected: true }));
  for (let presses = 0; presses < 6; presses += 1) {
    if (await requestedTab.evaluate((element) => element === document.activeElement)) break;
    await page.keyboard.press('ArrowRight');
    await expectVisibleFocus(page);
  }
  await expectFocused(requestedTab);
  await expect(requestedTab).toHaveAttribute('aria-selected', 'true');
  const booked = page.getByRole('tabpanel').getByRole('article', { name: new RegExp(`^${business}, `) });
  await expect(booked).toBeVisible();
  step('Arrow keys to the Requested tab: the request is there');

  // A dialog returns focus to its trigger: Cancel Request, then Escape.
  const cancel = booked.getByRole('button', { name: 'Cancel Request' });
  await tabTo(page, cancel);
  await page.keyboard.press('Enter');
  const confirm = page.getByRole('dialog', { name: 'Cancel this request?' });
  await expect(confirm).toBeVisible();
  await expectFocusTrapped(page, confirm);
  await page.keyboard.press('Escape');
  await expect(confirm).toHaveCount(0);
  await expectFocused(cancel);
  await expect(booked).toBeVisible();
  step('Cancel Request dialog traps focus; Escape returns it to the button');
});
