import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { bookingCreated } from '@/testing/bookings';
import { jsonResponse, stubFetch } from '@/testing/fetch-stub';
import { renderApp } from '@/testing/render-app';
import { userDetails } from '@/testing/tokens';
import {
  availableTimes,
  choosePrice,
  continueButton,
  NOW,
  stepButtons,
  stepHeading,
  stubBooking,
} from '../testing/booking-wizard-fixtures';

const FADE = {
  id: 'fade',
  name: 'Skin fade',
  durationMinutes: 30,
  minimumPrice: 20,
  description: 'Razor line-up.',
};
const BEARD = { id: 'beard', name: 'Beard trim', durationMinutes: 15, minimumPrice: 10, description: null };
const TEAM = [
  { id: 'conor', name: 'Conor', serviceIds: ['fade', 'beard'] },
  { id: 'niamh', name: 'Niamh', serviceIds: ['fade'] },
];

/** A shop with a menu and a team: each choice of service and barber has its own free times. */
function openShop() {
  const timesFor = (serviceId: string, memberId: string | null) => ({
    ...availableTimes(
      {},
      memberId === 'niamh' ? ['2026-12-05 11:30'] : ['2026-12-05 10:00', '2026-12-05 10:30'],
    ),
    services: [FADE, BEARD],
    team: TEAM,
    serviceId,
    memberId,
  });
  const api = stubFetch()
    .on('GET', '/api/user/userdetails', jsonResponse(200, userDetails('User')))
    .on('GET', '/api/booking/available-times', (call) =>
      jsonResponse(200, timesFor(call.query.get('serviceId') ?? 'fade', call.query.get('memberId'))),
    );
  return { api, ...renderApp({ route: '/booking/biz-1', session: {} }) };
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
});
afterEach(() => {
  vi.useRealTimers();
});

describe('booking wizard: a shop with a menu and a team (api-contract §9.3)', () => {
  it('starts with the service, then a barber, and asks for that barber’s times', async () => {
    const { user, api } = openShop();
    await stepHeading('Service');
    expect(stepButtons()).toEqual([
      'Step 1: Service',
      'Step 2: Date & Time',
      'Step 3: Price',
      'Step 4: Review',
    ]);
    expect(screen.getByRole('radio', { name: 'Skin fade, 30 min, from £20' })).toBeChecked();
    expect(screen.getByText('30 min · Razor line-up.')).toBeInTheDocument();

    // A beard trim: only Conor does it, so there is no one to choose.
    await user.click(screen.getByRole('radio', { name: 'Beard trim, 15 min, from £10' }));
    expect(screen.queryByText('Who would you like?')).not.toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'Skin fade, 30 min, from £20' }));
    const barbers = within(screen.getByRole('radiogroup', { name: 'Who would you like?' }));
    expect(barbers.getByRole('radio', { name: 'Anyone' })).toBeChecked();
    await user.click(barbers.getByRole('radio', { name: 'Niamh' }));
    await user.click(continueButton());

    await stepHeading('Date & Time');
    const time = await screen.findByRole('button', { name: '11:30' });
    // Its length is the service's, not an hour (api-contract §9.3).
    expect(screen.getByText(/^The appointment lasts 30 min\./)).toBeInTheDocument();
    await user.click(time);
    const asked = api.callsTo('GET', '/api/booking/available-times').at(-1)!;
    expect(asked.query.get('serviceId')).toBe('fade');
    expect(asked.query.get('memberId')).toBe('niamh');

    await stepHeading('Price');
    await choosePrice(user, '£25');
    await stepHeading('Review');
    const review = within(screen.getByRole('region', { name: 'Your request' }));
    expect(review.getByText('Skin fade')).toBeInTheDocument();
    expect(review.getByText('30 min with Niamh')).toBeInTheDocument();

    stubBooking(api, jsonResponse(201, bookingCreated({ id: 'booking-7' })));
    await user.click(screen.getByRole('button', { name: 'Send Request' }));
    expect(await screen.findByRole('dialog', { name: 'Request sent' })).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/booking/book')[0]?.body).toEqual({
      businessId: 'biz-1',
      bookingDateTime: '2026-12-05 11:30',
      price: '25',
      isHomeVisit: false,
      serviceId: 'fade',
      memberId: 'niamh',
    });
  });

  it('with "Anyone", the price floor is the service’s and the shop picks the barber', async () => {
    const { user, api } = openShop();
    await stepHeading('Service');
    await user.click(screen.getByRole('radio', { name: 'Beard trim, 15 min, from £10' }));
    await user.click(continueButton());
    await user.click(await screen.findByRole('button', { name: '10:30' }));
    await stepHeading('Price');
    await choosePrice(user, '£10 (minimum)');
    await stepHeading('Review');
    expect(screen.getByText('15 min with the first free barber')).toBeInTheDocument();
    stubBooking(api, jsonResponse(201, bookingCreated({ id: 'booking-8' })));
    await user.click(screen.getByRole('button', { name: 'Send Request' }));
    await waitFor(() =>
      expect(api.callsTo('POST', '/api/booking/book')[0]?.body).toEqual({
        businessId: 'biz-1',
        bookingDateTime: '2026-12-05 10:30',
        price: '10',
        isHomeVisit: false,
        serviceId: 'beard',
      }),
    );
  });
});
