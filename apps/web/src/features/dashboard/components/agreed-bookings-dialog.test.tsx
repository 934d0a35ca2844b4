import { MESSAGES } from '@app/domain';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiErrorResponse, jsonResponse } from '@/testing/fetch-stub';
import {
  businessDetails,
  FIRST_RENDER,
  fixToday,
  makeBooking,
  renderDashboard,
} from '../testing/dashboard-fixtures';

/** Issue 29, item 1: a change of away dates or hours over agreed bookings lists them first. */

const orla = makeBooking({
  id: 'b-orla',
  Status: 'Approved',
  BookingDateTime: '2026-03-12 10:00',
  customerName: 'Orla Quinn',
  FinalPrice: 30,
});
const sean = makeBooking({
  id: 'b-sean',
  Status: 'Confirmed',
  BookingDateTime: '2026-03-12 15:00',
  customerName: "Seán O'Neill",
  FinalPrice: 40,
});
const late = makeBooking({ id: 'b-late', Status: 'Approved', BookingDateTime: '2026-03-13 11:00' });
const changed = apiErrorResponse(409, 'AgreedBookingsChanged', 'These away dates fall on 2 agreed bookings.');
const dialog = () => screen.getByRole('dialog');
const saved = (overrides: Record<string, unknown> = {}) =>
  jsonResponse(200, businessDetails('Business', overrides));

async function addAwayDay() {
  fixToday('2026-03-10T12:00:00Z');
  const rendered = renderDashboard({ route: '/admin?tab=configuration' });
  await screen.findByRole('heading', { name: 'Away Dates' }, FIRST_RENDER);
  const { user } = rendered;
  await user.click(screen.getByRole('button', { name: '12 March 2026' }));
  await user.click(screen.getByRole('button', { name: '12 March 2026' }));
  return rendered;
}

describe('away dates over agreed bookings', () => {
  it('lists them and saves nothing until the business chooses; Back leaves the selection as it was', async () => {
    const { user, api } = await addAwayDay();
    api.on('PUT', '/api/user/away-dates', changed);
    api.on('POST', '/api/user/away-dates/check', jsonResponse(200, { bookings: [orla, sean] }));
    await user.click(screen.getByRole('button', { name: 'Add Away Dates' }));

    expect(
      await screen.findByRole('dialog', { name: 'These away dates fall on 2 agreed bookings' }),
    ).toBeVisible();
    const list = within(dialog()).getByRole('list', { name: 'Agreed bookings' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      expect.stringContaining('Thu 12 Mar 2026, 10:00ApprovedOrla Quinn · £30'),
      expect.stringContaining("Thu 12 Mar 2026, 15:00ConfirmedSeán O'Neill · £40"),
    ]);
    expect(api.callsTo('POST', '/api/user/away-dates/check')[0]!.body).toEqual({
      awayDates: [{ startDate: '2026-03-12', endDate: '2026-03-12' }],
    });
    // No choice yet: nothing to confirm.
    expect(within(dialog()).getByRole('button', { name: 'Save' })).toBeDisabled();

    await user.click(within(dialog()).getByRole('button', { name: 'Back' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(api.callsTo('PUT', '/api/user/away-dates')).toHaveLength(1);
    expect(screen.getByText('Selected: Thu 12 Mar 2026')).toBeInTheDocument();
    expect(screen.queryByText(MESSAGES.awayDatesAdded)).not.toBeInTheDocument();
  });

  it('cancels them with a reason (required), then saves the away day with that decision', async () => {
    const { user, api } = await addAwayDay();
    api
      .on('PUT', '/api/user/away-dates', changed)
      .on('POST', '/api/user/away-dates/check', jsonResponse(200, { bookings: [orla, sean] }))
      .on('PUT', '/api/user/away-dates', saved());
    await user.click(screen.getByRole('button', { name: 'Add Away Dates' }));
    await screen.findByRole('dialog', { name: 'These away dates fall on 2 agreed bookings' });

    await user.click(within(dialog()).getByRole('radio', { name: /^Cancel (it|them)/ }));
    await user.click(within(dialog()).getByRole('button', { name: 'Cancel Bookings and Save' }));
    expect(within(dialog()).getByText(MESSAGES.cancellationReasonRequired)).toBeInTheDocument();
    expect(api.callsTo('PUT', '/api/user/away-dates')).toHaveLength(1);

    await user.type(
      within(dialog()).getByRole('textbox', { name: /Reason for cancelling/ }),
      'Family wedding',
    );
    await user.click(within(dialog()).getByRole('button', { name: 'Cancel Bookings and Save' }));
    expect(await screen.findByText(MESSAGES.awayDatesAdded)).toBeInTheDocument();
    expect(
      screen.getByText('Thu 12 Mar 2026. 2 bookings cancelled; the customers were emailed.'),
    ).toBeInTheDocument();
    expect(api.callsTo('PUT', '/api/user/away-dates')[1]!.body).toEqual({
      awayDates: [{ startDate: '2026-03-12', endDate: '2026-03-12' }],
      agreedBookings: { action: 'cancel', bookingIds: ['b-orla', 'b-sean'], reason: 'Family wedding' },
    });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('asks again, saying so, when the bookings changed while it was choosing', async () => {
    const { user, api } = await addAwayDay();
    api
      .on('PUT', '/api/user/away-dates', changed)
      .on('POST', '/api/user/away-dates/check', jsonResponse(200, { bookings: [orla, sean] }))
      .on(
        'PUT',
        '/api/user/away-dates',
        apiErrorResponse(409, 'AgreedBookingsChanged', MESSAGES.agreedBookingsChanged),
      )
      .on('POST', '/api/user/away-dates/check', jsonResponse(200, { bookings: [orla, sean, late] }))
      .on('PUT', '/api/user/away-dates', saved());
    await user.click(screen.getByRole('button', { name: 'Add Away Dates' }));
    await screen.findByRole('dialog', { name: 'These away dates fall on 2 agreed bookings' });
    await user.click(within(dialog()).getByRole('radio', { name: /^Keep (it|them)/ }));
    await user.click(within(dialog()).getByRole('button', { name: 'Keep Bookings and Save' }));

    expect(
      await screen.findByRole('dialog', { name: 'These away dates fall on 3 agreed bookings' }),
    ).toBeVisible();
    expect(within(dialog()).getByRole('alert')).toHaveTextContent(MESSAGES.agreedBookingsChanged);
    await user.click(within(dialog()).getByRole('radio', { name: /^Keep (it|them)/ }));
    await user.click(within(dialog()).getByRole('button', { name: 'Keep Bookings and Save' }));
    expect(await screen.findByText(MESSAGES.awayDatesAdded)).toBeInTheDocument();
    expect(api.callsTo('PUT', '/api/user/away-dates')[2]!.body).toMatchObject({
      agreedBookings: { action: 'keep', bookingIds: ['b-orla', 'b-sean', 'b-late'] },
    });
  });

  it("shows the server's word on the reason in the dialog, and keeps it open", async () => {
    const { user, api } = await addAwayDay();
    api
      .on('PUT', '/api/user/away-dates', changed)
      .on('POST', '/api/user/away-dates/check', jsonResponse(200, { bookings: [orla] }))
      .on(
        'PUT',
        '/api/user/away-dates',
        apiErrorResponse(400, 'ValidationError', 'Reason contains inappropriate content'),
      );
    await user.click(screen.getByRole('button', { name: 'Add Away Dates' }));
    await screen.findByRole('dialog', { name: 'These away dates fall on 1 agreed booking' });
    await user.click(within(dialog()).getByRole('radio', { name: /^Cancel (it|them)/ }));
    await user.type(within(dialog()).getByRole('textbox', { name: /Reason for cancelling/ }), 'Closed');
    await user.click(within(dialog()).getByRole('button', { name: 'Cancel Booking and Save' }));
    expect(await within(dialog()).findByText('Reason contains inappropriate content')).toBeInTheDocument();
  });
});

describe('narrowed hours over agreed bookings', () => {
  it('keeps them: the hours are saved with the decision', async () => {
    const { user, api } = renderDashboard({
      route: '/admin?tab=hours',
      profile: { availability: { Thursday: [{ start: '09:00', end: '17:00' }] } },
    });
    await screen.findByRole('heading', { name: 'Weekly Hours' }, FIRST_RENDER);
    api
      .on('PUT', '/api/user/availability', changed)
      .on('POST', '/api/user/availability/check', jsonResponse(200, { bookings: [sean] }))
      .on('PUT', '/api/user/availability', ({ body }) =>
        jsonResponse(200, businessDetails('Business', body as Record<string, unknown>)),
      );
    await user.selectOptions(screen.getByRole('combobox', { name: 'Thursday slot 1 end' }), '14:00');
    await user.click(screen.getByRole('button', { name: 'Save Hours' }));

    expect(
      await screen.findByRole('dialog', { name: 'These hours leave out 1 agreed booking' }),
    ).toBeVisible();
    await user.click(within(dialog()).getByRole('radio', { name: /^Keep (it|them)/ }));
    await user.click(within(dialog()).getByRole('button', { name: 'Keep Booking and Save' }));
    expect(await screen.findByText('Availability updated')).toBeInTheDocument();
    expect(api.callsTo('PUT', '/api/user/availability')[1]!.body).toEqual({
      availability: { Thursday: [{ start: '09:00', end: '14:00' }] },
      agreedBookings: { action: 'keep', bookingIds: ['b-sean'] },
    });
    expect(screen.getByText('All changes saved.')).toBeInTheDocument();
  });
});
