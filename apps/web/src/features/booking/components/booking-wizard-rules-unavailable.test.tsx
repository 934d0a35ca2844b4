import { screen } from '@testing-library/react';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { bookingCreated } from '@/testing/bookings';
import { jsonResponse } from '@/testing/fetch-stub';
import { NOW, openWizard, reachReview, stubBooking } from '../testing/booking-wizard-fixtures';

// The request's rules come in a chunk of their own (booking-wizard.tsx); here it never loads, as on a
// connection that drops it. A file of its own: the wizard keeps the chunk once it has loaded it.
vi.mock('../utils/booking-request-rules', () => {
  throw new Error('Failed to fetch dynamically imported module');
});

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
});

afterEach(() => {
  vi.useRealTimers();
});

it('still sends the request when the rules cannot be loaded (the server checks it)', async () => {
  const { user, api } = openWizard();
  stubBooking(api, jsonResponse(201, bookingCreated()));
  await reachReview(user);

  await user.click(screen.getByRole('button', { name: 'Send Request' }));

  expect(await screen.findByRole('dialog', { name: 'Request sent' })).toBeInTheDocument();
  expect(api.callsTo('POST', '/api/booking/book')).toHaveLength(1);
});
