import { screen, waitFor, within } from '@testing-library/react';
import { expect } from 'vitest';
import { type FetchStub, jsonResponse, stubFetch } from '@/testing/fetch-stub';
import { renderApp } from '@/testing/render-app';

/** Test helpers for the invite page: a valid invite, the wizard's fields, reaching a step. */

export const INVITE_CODE = 'f3a9c2d1e8b7a6f5';
export const INVITED_EMAIL = 'niamh.barber@example.com';
export const STRONG_PASSWORD = 'Str0ng!Pass';

export type User = ReturnType<typeof renderApp>['user'];

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A form control by its visible label (Mantine may add an aria-hidden ' *' to required labels). */
export const field = (label: string) => screen.getByLabelText(new RegExp(`^${escapeRegExp(label)}( \\*)?$`));

export const stepHeading = (name: string) => screen.findByRole('heading', { level: 2, name });

export function stubValidInvite(api: FetchStub = stubFetch()) {
  api.on(
    'POST',
    '/api/auth/verify-invite',
    jsonResponse(200, { email: INVITED_EMAIL, valid: true, expired: false }),
  );
  return api;
}

/** Opens /invite/{code} on a valid invite and waits for step 1. */
export async function openWizard(api: FetchStub = stubValidInvite()) {
  const rendered = renderApp({ route: `/invite/${INVITE_CODE}` });
  await screen.findByRole('heading', { level: 1, name: 'Complete Your Business Registration' });
  return { ...rendered, api };
}

export const VALID_PERSONAL = {
  'First name': 'Niamh',
  'Last name': 'Kelly',
  Password: STRONG_PASSWORD,
  'Confirm password': STRONG_PASSWORD,
  'Phone number': '+44 7123 456789',
  Address: '12 Lisburn Road\nBelfast\nBT9 6AA',
  'Date of birth': '1990-05-01',
};

export const VALID_SHOP = {
  'Business name': 'Kelly Cuts',
  'Business address': '4 Castle Street, Belfast, BT1 1HB',
};

/** Replaces each labelled field's text (pasted: one change event, much faster than typing). */
export async function fill(user: User, values: Record<string, string>) {
  for (const [label, value] of Object.entries(values)) {
    const input = field(label);
    await user.clear(input);
    if (!value) continue;
    if (input.getAttribute('type') === 'date') await user.type(input, value);
    else {
      await user.click(input);
      await user.paste(value);
    }
  }
}

export const clickButton = (user: User, name: string) => user.click(screen.getByRole('button', { name }));

/** The weekday card ('Monday hours' group). */
export const dayCard = (day: string) => screen.getByRole('group', { name: `${day} hours` });

/** Fills every step up to `step` with valid values and shows it (Monday 09:00-17:00 on step 3). */
export async function reachStep(user: User, step: 2 | 3 | 4) {
  await fill(user, VALID_PERSONAL);
  await clickButton(user, 'Continue');
  await stepHeading('Shop Details');
  if (step === 2) return;
  await fill(user, VALID_SHOP);
  await clickButton(user, 'Continue');
  await stepHeading('Business Hours');
  if (step === 3) return;
  await user.click(within(dayCard('Monday')).getByRole('switch', { name: 'Monday' }));
  await clickButton(user, 'Continue');
  await stepHeading('Pricing & Services');
}

/** A toast with this title and this message (earlier toasts may still be showing). */
export async function expectToast(title: string, message: string) {
  await waitFor(() => {
    const toasts = screen
      .getAllByText(title)
      .map((heading) => heading.closest('.mantine-Notification-root'))
      .filter((toast): toast is HTMLElement => toast !== null);
    expect(toasts.some((toast) => within(toast).queryByText(message) !== null)).toBe(true);
  });
}
