import { screen } from '@testing-library/react';
import { singleServiceCatalog } from '@/testing/bookings';
import { type FetchStub, jsonResponse, stubFetch } from '@/testing/fetch-stub';
import { renderApp } from '@/testing/render-app';
import { userDetails } from '@/testing/tokens';
import type { getAvailableTimes } from '../api/get-available-times';

/** The booking wizard's component tests: a business, its free times and the steps' controls. */

// Tuesday 1 December 2026, 09:00 in Belfast: the booking window runs to Tuesday 29 December.
export const NOW = new Date('2026-12-01T09:00:00Z');
export const SLOTS = ['2026-12-05 10:00', '2026-12-05 11:00', '2026-12-07 09:00'];

export type User = ReturnType<typeof renderApp>['user'];
type AvailableTimes = Awaited<ReturnType<typeof getAvailableTimes>>;
type BookableBusiness = AvailableTimes['business'];

export const business = (overrides: Partial<BookableBusiness> = {}): BookableBusiness => ({
  id: 'biz-1',
  FirstName: 'Ciaran',
  LastName: 'Kelly',
  BusinessName: "Kelly's Cuts",
  BusinessDescription: 'Skin fades and beard trims.',
  BusinessAddress: '2 High Street, Belfast, BT1 2AB',
  BusinessTown: 'Belfast',
  minimumPrice: 50,
  services: ['Appointment'],
  homeVisitsEnabled: false,
  homeVisitDistricts: [],
  cancellationNoticeHours: 0,
  nextAvailable: null,
  rating: { average: null, count: 0 },
  onlinePayment: null,
  availability: {},
  awayDates: [],
  ...overrides,
});

export const availableTimes = (
  overrides: Partial<BookableBusiness> = {},
  slots: string[] = SLOTS,
): AvailableTimes => ({
  business: business(overrides),
  availability: { Saturday: [{ start: '10:00', end: '12:00' }], Monday: [{ start: '09:00', end: '10:00' }] },
  awayDates: [],
  slots,
  ...singleServiceCatalog(business(overrides).minimumPrice),
});

export interface WizardOptions {
  businessOverrides?: Partial<BookableBusiness>;
  profile?: Record<string, unknown>;
  slots?: string[];
  /** The free times of each later load, in order (after a failed request, say). */
  laterSlots?: string[][];
}

export function openWizard({
  businessOverrides = {},
  profile = {},
  slots = SLOTS,
  laterSlots = [],
  businessId = 'biz-1',
}: WizardOptions & { businessId?: string } = {}) {
  const api = stubFetch()
    .on('GET', '/api/user/userdetails', jsonResponse(200, userDetails('User', profile)))
    .on('GET', '/api/booking/available-times', jsonResponse(200, availableTimes(businessOverrides, slots)));
  for (const later of laterSlots) {
    api.on(
      'GET',
      '/api/booking/available-times',
      jsonResponse(200, availableTimes(businessOverrides, later)),
    );
  }
  const rendered = renderApp({ route: `/booking/${businessId}`, session: {} });
  return { api, ...rendered };
}

export const stepHeading = (name: string) => screen.findByRole('heading', { level: 2, name });
export const continueButton = () => screen.getByRole('button', { name: 'Continue' });
export const stepButtons = () =>
  screen.getAllByRole('button', { name: /^Step \d: / }).map((button) => button.getAttribute('aria-label'));

export async function pickTime(user: User, time = '10:00') {
  await user.click(await screen.findByRole('button', { name: time }));
  await stepHeading('Price');
}

export async function choosePrice(user: User, name = '£55') {
  await user.click(screen.getByRole('radio', { name }));
  await user.click(continueButton());
}

/** Walks a business without home visits to the review step. */
export async function reachReview(user: User, price = '£55') {
  await pickTime(user);
  await choosePrice(user, price);
  await stepHeading('Review');
}

export function stubBooking(api: FetchStub, response: Response | (() => Response | Promise<Response>)) {
  api.on('POST', '/api/booking/book', response instanceof Response ? response : () => response());
}
