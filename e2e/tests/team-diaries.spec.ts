import type { APIRequestContext, Browser } from '@playwright/test';
import {
  bearer,
  createCustomer,
  DEMO_PASSWORD,
  expect,
  PHONE_CONTEXT as PHONE,
  readCode,
  readOutbox,
  signIn,
  test,
  tokenOf,
  uniqueEmail,
} from './fixtures';
import { shootBothWidths } from './screenshots';

// A shop with a team (api-contract §9.3, issue 32), on phones: three barbers, two of whom do skin
// fades. Two customers ask for the same fade time with "Anyone"; the business approves both and
// the server puts them with different barbers; a third customer finds that time gone.
test.use({ viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true });

const PASSWORD = 'Sh0pFront!';
const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];
const EVERY_DAY = Object.fromEntries(
  ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'].map((day) => [
    day,
    ['09:00-17:00'],
  ]),
);

/** A new shop by API (invited, registered, confirmed): a 30-minute fade; Orla and Sam do it, Alex does not. */
async function teamShop(request: APIRequestContext) {
  const email = uniqueEmail('team');
  const businessName = `Quay Barbers ${Date.now() % 100000}`;
  const admin = await tokenOf(request, 'admin@trimtime.test', DEMO_PASSWORD);
  const invite = await request.post('/api/auth/send-business-invite', {
    headers: bearer(admin),
    data: { email },
  });
  expect(invite.status()).toBe(201);
  const inviteCode = /\/invite\/([A-Za-z0-9_-]+)/.exec((await readOutbox(request, email)).text)?.[1];
  const registered = await request.post('/api/auth/register-with-invite', {
    data: {
      inviteCode,
      password: PASSWORD,
      firstName: 'Orla',
      lastName: 'Boyle',
      phoneNumber: '+44 7123 456789',
      address: '12 Lisburn Road\nBelfast\nBT9 6AA',
      birthdate: '1988-03-14',
      businessName,
      businessAddress: '3 Quay Street, Bangor, BT20 5ED',
      minimumPrice: 25,
      availability: EVERY_DAY,
      businessDescription: 'Fades, beards and colour by the marina.',
    },
  });
  expect(registered.status(), await registered.text()).toBe(201);
  const { code } = await readCode(request, email);
  expect((await request.post('/api/auth/confirm-signup', { data: { username: email, code } })).status()).toBe(
    200,
  );
  const owner = bearer(await tokenOf(request, email, PASSWORD));
  const made = async (url: string, data: unknown, key: string) => {
    const response = await request.post(url, { headers: owner, data });
    expect(response.status(), await response.text()).toBe(201);
    return ((await response.json()) as Record<string, { id: string }>)[key]!.id;
  };
  const [appointment] = (
    (await (await request.get('/api/user/services', { headers: owner })).json()) as {
      services: { id: string }[];
    }
  ).services;
  const fade = await made(
    '/api/user/services',
    { name: 'Skin fade', durationMinutes: 30, minimumPrice: 18 },
    'service',
  );
  await made('/api/user/team', { name: 'Sam', serviceIds: [fade] }, 'member');
  await made('/api/user/team', { name: 'Alex', serviceIds: [appointment!.id] }, 'member');
  expect(
    (
      await request.put('/api/user/booking-settings', { headers: owner, data: { slotStepMinutes: 30 } })
    ).status(),
  ).toBe(200);
  const business = (
    (await (await request.get('/api/user/userdetails', { headers: owner })).json()) as { id: string }
  ).id;
  return { email, businessName, business, fade };
}

/** The day after tomorrow: every one of its hours is still ahead while the journey runs. */
function dayAfterTomorrow() {
  const day = new Date(Date.now() + 2 * 24 * 3600_000);
  const date = day.toLocaleDateString('en-CA', { timeZone: 'Europe/London' });
  const [, month, dayOfMonth] = date.split('-').map(Number) as [number, number, number];
  return { date, label: new RegExp(`\\b${dayOfMonth} ${MONTHS[month - 1]}\\b`) };
}

/** A customer in a phone browser opens the shop, chooses the fade with "Anyone" and that day. */
async function openFadeTimes(browser: Browser, businessId: string, customer: string) {
  const context = await browser.newContext(PHONE);
  const page = await context.newPage();
  await signIn(page, customer, PASSWORD);
  await page.goto(`/booking/${businessId}`);
  await expect(page.getByRole('heading', { level: 2, name: 'Service' })).toBeVisible();
  await page.getByRole('radio', { name: 'Skin fade, 30 min, from £18' }).check();
  await expect(
    page.getByRole('radiogroup', { name: 'Who would you like?' }).getByRole('radio', { name: 'Anyone' }),
  ).toBeChecked();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Date & Time' })).toBeVisible();
  await page.getByRole('button', { name: dayAfterTomorrow().label }).click();
  return { context, page, times: page.getByRole('group', { name: /^Times on / }) };
}

test('three barbers: two customers take one fade time with "Anyone", both approved onto different barbers; a third finds it gone', async ({
  page,
  browser,
  request,
}) => {
  test.slow();
  const shop = await teamShop(request);
  const customers = [
    await createCustomer(request, PASSWORD, 'fade1'),
    await createCustomer(request, PASSWORD, 'fade2'),
    await createCustomer(request, PASSWORD, 'fade3'),
  ];

  for (const [index, customer] of customers.slice(0, 2).entries()) {
    const { context, page: phone, times } = await openFadeTimes(browser, shop.business, customer);
    await times.getByRole('button', { name: '10:00', exact: true }).click();
    await phone.getByRole('radio', { name: /\(minimum\)$/ }).check();
    await phone.getByRole('button', { name: 'Continue' }).click();
    const review = phone.getByRole('region', { name: 'Your request' });
    await expect(review.getByText('Skin fade')).toBeVisible();
    await expect(review.getByText('30 min with the first free barber')).toBeVisible();
    if (index === 0) await shootBothWidths(phone, 'team-review');
    await phone.getByRole('button', { name: 'Send Request' }).click();
    await expect(phone.getByRole('dialog', { name: 'Request sent' })).toBeVisible();
    await context.close();
  }

  // The owner approves both from the dashboard on a phone; the server picks a free barber each time.
  await signIn(page, shop.email, PASSWORD);
  await page.goto('/admin');
  const pending = page.getByRole('region', { name: /^Pending/ });
  await expect(pending.getByRole('article')).toHaveCount(2);
  for (let i = 0; i < 2; i += 1) {
    await pending.getByRole('article').first().getByRole('button', { name: 'Approve' }).click();
    await page
      .getByRole('dialog', { name: 'Approve this request?' })
      .getByRole('button', { name: 'Approve Request' })
      .click();
    await expect(pending.getByRole('article')).toHaveCount(1 - i);
  }
  const approved = page.getByRole('region', { name: /^Approved/ });
  await expect(approved.getByText('Skin fade · 30 min · with Orla')).toBeVisible();
  await expect(approved.getByText('Skin fade · 30 min · with Sam')).toBeVisible();
  await shootBothWidths(page, 'team-approved');

  // The owner's Diary on that day: both fades, each in its barber's diary; then an hour of Sam's
  // blocked for a course, shown in his diary.
  await page.getByRole('tab', { name: 'Diary' }).click();
  const diary = page.getByRole('region', { name: 'Diary' });
  for (let i = 0; i < 2; i += 1) await diary.getByRole('button', { name: 'Next day' }).click();
  await expect(diary.getByText('with Orla')).toBeVisible();
  await expect(diary.getByText('with Sam')).toBeVisible();
  await diary.getByRole('combobox', { name: 'Whose diary' }).selectOption({ label: 'Sam' });
  await expect(diary.getByText('with Orla')).toHaveCount(0);
  await diary.getByRole('button', { name: 'Block Time' }).click();
  const block = page.getByRole('dialog', { name: 'Block time for Sam' });
  await block.getByRole('combobox', { name: 'From' }).selectOption('11:00');
  await block.getByRole('combobox', { name: 'To' }).selectOption('12:00');
  await block.getByRole('textbox', { name: 'Reason (optional)' }).fill('Course');
  await block.getByRole('button', { name: 'Block Time' }).click();
  await expect(diary.getByText('Blocked: Course')).toBeVisible();
  await expect(diary.getByText('11:00–12:00')).toBeVisible();
  // A phone booking for a customer without an account, put in Sam's diary at 14:00.
  await diary.getByRole('button', { name: 'Add Walk-in' }).click();
  const walkIn = page.getByRole('dialog', { name: 'Add a walk-in' });
  await walkIn.getByRole('combobox', { name: 'Service' }).selectOption({ label: 'Skin fade' });
  await walkIn.getByRole('combobox', { name: 'Barber' }).selectOption({ label: 'Sam' });
  await walkIn.getByRole('combobox', { name: 'Time' }).selectOption('14:00');
  await walkIn.getByRole('textbox', { name: 'Customer’s name' }).fill('Pat Walsh');
  await walkIn.getByRole('button', { name: 'Book Walk-in' }).click();
  await expect(diary.getByText('Skin fade · Pat Walsh')).toBeVisible();
  await expect(diary.getByText('Walk-in · with Sam')).toBeVisible();
  await shootBothWidths(page, 'team-diary');

  // Sam takes today off (his own days away, the shop open): the owner adds it in Configuration.
  await page.getByRole('tab', { name: 'Configuration' }).click();
  const team = page.getByRole('region', { name: 'Services and team' }).getByRole('region', { name: 'Team' });
  await team.getByRole('button', { name: 'Edit Sam' }).click();
  const member = page.getByRole('dialog', { name: 'Edit team member' });
  const away = member.getByRole('group', { name: 'Their days away' });
  await away.getByRole('button', { name: 'First and last day away' }).click();
  const today = page.locator('.mantine-Popover-dropdown button[data-today]');
  await today.click();
  await today.click();
  await away.getByRole('textbox', { name: 'Reason (optional)' }).fill('Dentist');
  await away.getByRole('button', { name: 'Add Days Away' }).click();
  await expect(away.getByText(/ · Dentist$/)).toBeVisible();
  await member.getByRole('button', { name: 'Save Team Member' }).click();
  await expect(member).toBeHidden();
  await expect(team.getByText(/^Skin fade · Away /)).toBeVisible();
  // Customers asking for Sam find no time today.
  const { team: members } = (await (
    await page.request.get(`/api/booking/team?businessId=${shop.business}`)
  ).json()) as { team: { id: string; name: string }[] };
  const sam = members.find((one) => one.name === 'Sam')!.id;
  const samTimes = (await (
    await page.request.get(
      `/api/booking/available-times?businessId=${shop.business}&serviceId=${shop.fade}&memberId=${sam}`,
    )
  ).json()) as { slots: string[] };
  const todayDate = new Date().toLocaleDateString('en-CA', { timeZone: 'Europe/London' });
  expect(samTimes.slots.filter((slot) => slot.startsWith(todayDate))).toEqual([]);

  // The third customer: 10:00 is gone for a fade (Alex does none), 10:30 is still there.
  const { context, times } = await openFadeTimes(browser, shop.business, customers[2]!);
  await expect(times.getByRole('button', { name: '10:30', exact: true })).toBeVisible();
  await expect(times.getByRole('button', { name: '10:00', exact: true })).toHaveCount(0);
  await context.close();
});
