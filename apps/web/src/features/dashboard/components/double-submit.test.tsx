import { MESSAGES } from '@app/domain';
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { doubleClick } from '@/testing/double-click';
import { deferred, type FetchStub, jsonResponse } from '@/testing/fetch-stub';
import {
  businessDetails,
  FIRST_RENDER,
  fixToday,
  makeAwayDate,
  makeBooking,
  renderDashboard,
} from '../testing/dashboard-fixtures';

/**
 * A double tap delivers both clicks before React re-renders, so a button that only becomes
 * disabled (or loading) afterwards still sends twice. Each dashboard action must send once.
 */

/** Holds every answer of `METHOD path` until released. */
function hold(api: FetchStub, method: string, path: string) {
  const response = deferred<Response>();
  api.on(method, path, () => response.promise);
  return { release: (body: unknown = businessDetails()) => response.resolve(jsonResponse(200, body)) };
}

const requested = makeBooking({
  id: 'r1',
  businessId: 'business-1',
  Status: 'Requested',
  BookingDateTime: '2026-12-05 10:00',
  customerName: 'Aoife Byrne',
});
const requestCard = () => screen.getByRole('article', { name: 'Aoife Byrne, Sat 5 Dec 2026, 10:00' });

async function openRequests() {
  fixToday('2026-12-01T10:00:00Z');
  const rendered = renderDashboard({ bookings: [requested] });
  await screen.findByRole('article', { name: 'Aoife Byrne, Sat 5 Dec 2026, 10:00' }, FIRST_RENDER);
  return rendered;
}

describe('dashboard actions send once for a double tap', () => {
  it('Approve Request', async () => {
    const { user, api } = await openRequests();
    const approval = hold(api, 'PATCH', '/api/booking/setstatus');
    await user.click(within(requestCard()).getByRole('button', { name: 'Approve' }));
    doubleClick(screen.getByRole('button', { name: 'Approve Request' }));
    approval.release({ message: 'Approved', booking: { ...requested, Status: 'Approved' } });
    expect(await screen.findByText('Approved: Aoife Byrne, Sat 5 Dec 2026, 10:00')).toBeInTheDocument();
    expect(api.callsTo('PATCH', '/api/booking/setstatus')).toHaveLength(1);
  });

  it('Yes, Deny Request', async () => {
    const { user, api } = await openRequests();
    const denial = hold(api, 'PATCH', '/api/booking/setstatus');
    await user.click(within(requestCard()).getByRole('button', { name: 'Deny' }));
    await user.click(screen.getByRole('button', { name: 'Deny Request' }));
    doubleClick(screen.getByRole('button', { name: 'Yes, Deny Request' }));
    denial.release({ message: 'Denied', booking: { ...requested, Status: 'Denied' } });
    expect(await screen.findByText('Request denied')).toBeInTheDocument();
    expect(api.callsTo('PATCH', '/api/booking/setstatus')).toHaveLength(1);
  });

  it('Send Counter Offer', async () => {
    const { user, api } = await openRequests();
    const counter = hold(api, 'PATCH', '/api/booking/counter');
    await user.click(within(requestCard()).getByRole('button', { name: 'Counter' }));
    const dialog = screen.getByRole('dialog', { name: 'Counter Offer' });
    await user.click(within(dialog).getByRole('textbox', { name: 'Counter price (£)' }));
    await user.paste('60');
    doubleClick(within(dialog).getByRole('button', { name: 'Send Counter Offer' }));
    counter.release({ message: 'Countered', booking: requested });
    expect(await screen.findByText('Counter offer of £60 sent')).toBeInTheDocument();
    expect(api.callsTo('PATCH', '/api/booking/counter')).toHaveLength(1);
  });

  it('Send Invitation', async () => {
    const { user, api } = renderDashboard({ userType: 'Admin', route: '/admin?tab=invite' });
    await screen.findByRole('heading', { name: 'Invite a Business' }, FIRST_RENDER);
    const invite = hold(api, 'POST', '/api/auth/send-business-invite');
    await user.type(screen.getByRole('textbox', { name: 'Business email address' }), 'owner@newshop.test');
    doubleClick(screen.getByRole('button', { name: 'Send Invitation' }));
    invite.release({ message: 'Invitation sent' });
    expect(await screen.findByText(MESSAGES.invitationSent)).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/auth/send-business-invite')).toHaveLength(1);
  });

  it('Save Minimum Price and the home-visit switch', async () => {
    const { user, api } = renderDashboard({ route: '/admin?tab=configuration' });
    await screen.findByRole('heading', { name: 'Minimum Price' }, FIRST_RENDER);
    const price = hold(api, 'PUT', '/api/user/minimum-price');
    const input = screen.getByRole('textbox', { name: 'Minimum price (£)' });
    await user.clear(input);
    await user.paste('35');
    doubleClick(screen.getByRole('button', { name: 'Save Minimum Price' }));
    price.release(businessDetails('Business', { minimumPrice: 35 }));
    expect(await screen.findByText(MESSAGES.minimumPriceUpdated)).toBeInTheDocument();
    expect(api.callsTo('PUT', '/api/user/minimum-price')).toHaveLength(1);

    const homeVisits = hold(api, 'PUT', '/api/user/home-visit');
    doubleClick(screen.getByRole('switch', { name: 'I offer home visits' }));
    homeVisits.release(businessDetails('Business', { homeVisitsEnabled: true }));
    expect(await screen.findByText('Home visits turned on')).toBeInTheDocument();
    expect(api.callsTo('PUT', '/api/user/home-visit')).toHaveLength(1);
  });

  it('Add Away Dates and Remove', async () => {
    fixToday('2026-03-10T12:00:00Z');
    const stored = makeAwayDate({ startDate: '2026-03-20', endDate: '2026-03-22', reason: 'Trade show' });
    const { user, api } = renderDashboard({
      route: '/admin?tab=configuration',
      profile: { awayDates: [stored] },
    });
    await screen.findByRole('heading', { name: 'Minimum Price' }, FIRST_RENDER);
    const adding = hold(api, 'PUT', '/api/user/away-dates');
    await user.click(screen.getByRole('button', { name: '12 March 2026' }));
    await user.click(screen.getByRole('button', { name: '12 March 2026' }));
    doubleClick(screen.getByRole('button', { name: 'Add Away Dates' }));
    // A removal tapped while the addition is on its way would overwrite it (both send the whole list).
    fireEvent.click(
      screen.getByRole('button', { name: 'Remove away dates Fri 20 Mar 2026 – Sun 22 Mar 2026' }),
    );
    adding.release(businessDetails('Business', { awayDates: [stored] }));
    expect(await screen.findByText(MESSAGES.awayDatesAdded)).toBeInTheDocument();
    expect(api.callsTo('PUT', '/api/user/away-dates')).toHaveLength(1);
  });

  it('Save Hours', async () => {
    const { user, api } = renderDashboard({ route: '/admin?tab=hours' });
    await screen.findByRole('heading', { name: 'Weekly Hours' }, FIRST_RENDER);
    const saving = hold(api, 'PUT', '/api/user/availability');
    await user.click(
      within(screen.getByRole('region', { name: 'Wednesday' })).getByRole('button', { name: '+ Add Hours' }),
    );
    doubleClick(screen.getByRole('button', { name: 'Save Hours' }));
    saving.release(
      businessDetails('Business', {
        availability: {
          Monday: [{ start: '09:00', end: '17:00' }],
          Wednesday: [{ start: '09:00', end: '17:00' }],
        },
      }),
    );
    expect(await screen.findByText('Availability updated')).toBeInTheDocument();
    expect(api.callsTo('PUT', '/api/user/availability')).toHaveLength(1);
  });

  it('Save (profile)', async () => {
    const { user, api } = renderDashboard({ route: '/admin?tab=profile' });
    await screen.findByRole('region', { name: 'Ciaran Kelly' }, FIRST_RENDER);
    const saving = hold(api, 'PUT', '/api/user/update');
    await user.click(screen.getByRole('button', { name: 'Edit Profile' }));
    doubleClick(screen.getByRole('button', { name: 'Save' }));
    saving.release();
    expect(await screen.findByText('Profile updated')).toBeInTheDocument();
    expect(api.callsTo('PUT', '/api/user/update')).toHaveLength(1);
  });
});
