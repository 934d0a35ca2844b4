import { addDays, todayInLondon } from '@app/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, stubFetch } from '@/testing/fetch-stub';
import { BEARD, FADE, FIRST_RENDER, renderDashboard, stubCatalog } from '../testing/dashboard-fixtures';
import { awayPeriodText } from './away-dates-card';

function openCard() {
  const api = stubCatalog(stubFetch(), {
    blocks: [
      { id: 'b1', memberId: 'conor', date: '2026-12-05', start: '13:00', end: '14:00', reason: 'Lunch' },
    ],
  });
  return renderDashboard({ route: '/admin?tab=configuration', api });
}

const card = async () =>
  within(await screen.findByRole('region', { name: 'Services and team' }, FIRST_RENDER));

describe('services and team in Configuration (api-contract §9.3)', () => {
  it('lists the menu and the team; adds a service, checked as typed, and a barber who does some of it', async () => {
    const { user, api } = openCard();
    const section = await card();
    expect(await section.findByText('Skin fade')).toBeInTheDocument();
    expect(section.getByText('30 min · from £20')).toBeInTheDocument();
    expect(section.getByText('Skin fade, Beard trim')).toBeInTheDocument();
    expect(section.getByRole('combobox', { name: 'Starts every' })).toHaveValue('15');

    await user.click(section.getByRole('button', { name: 'Add Service' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Add a service' }, FIRST_RENDER));
    await user.click(dialog.getByRole('button', { name: 'Save Service' }));
    expect(dialog.getByText('Please enter the service’s name')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/user/services')).toHaveLength(0);
    api.on(
      'POST',
      '/api/user/services',
      jsonResponse(201, { service: { ...FADE, id: 'colour', name: 'Colour' } }),
    );
    await user.type(dialog.getByRole('textbox', { name: 'Name' }), 'Colour');
    await user.selectOptions(dialog.getByRole('combobox', { name: 'How long it takes' }), '1 hr 30 min');
    await user.type(dialog.getByRole('textbox', { name: 'From (minimum price)' }), '45');
    await user.click(dialog.getByRole('button', { name: 'Save Service' }));
    await waitFor(() =>
      expect(api.callsTo('POST', '/api/user/services')[0]?.body).toEqual({
        name: 'Colour',
        durationMinutes: 90,
        minimumPrice: '45',
        description: '',
      }),
    );

    await user.click(section.getByRole('button', { name: 'Add Team Member' }));
    const member = within(await screen.findByRole('dialog', { name: 'Add a team member' }, FIRST_RENDER));
    api.on(
      'POST',
      '/api/user/team',
      jsonResponse(201, { member: { id: 'niamh', name: 'Niamh', serviceIds: ['fade'], availability: null } }),
    );
    await user.type(member.getByRole('textbox', { name: 'Name' }), 'Niamh');
    await user.click(member.getByRole('checkbox', { name: 'Beard trim' }));
    await user.click(member.getByRole('button', { name: 'Save Team Member' }));
    await waitFor(() =>
      expect(api.callsTo('POST', '/api/user/team')[0]?.body).toEqual({
        name: 'Niamh',
        serviceIds: ['fade'],
        availability: null,
        awayDates: [],
      }),
    );
  });

  it('moves a service down and saves the new order', async () => {
    const { user, api } = openCard();
    const section = await card();
    api.on('PUT', '/api/user/services/order', jsonResponse(200, { services: [BEARD, FADE] }));
    await user.click(await section.findByRole('button', { name: 'Move Skin fade down' }));
    await waitFor(() =>
      expect(api.callsTo('PUT', '/api/user/services/order')[0]?.body).toEqual({
        serviceIds: ['beard', 'fade'],
      }),
    );
    expect(section.getByRole('button', { name: 'Move Skin fade up' })).toBeDisabled();
  });

  it('names each service’s Edit button after the service, as Move and Remove are', async () => {
    const { user } = openCard();
    const section = await card();
    await user.click(await section.findByRole('button', { name: 'Edit Beard trim' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Edit service' }, FIRST_RENDER));
    expect(dialog.getByRole('textbox', { name: /^Name/ })).toHaveValue('Beard trim');
  });

  it('lists blocked time and blocks an hour on one barber’s diary, checked as typed', async () => {
    const { user, api } = openCard();
    const section = await card();
    expect(await section.findByText('Sat 5 Dec 2026, 13:00–14:00')).toBeInTheDocument();
    expect(section.getByText('Conor · Lunch')).toBeInTheDocument();

    await user.click(section.getByRole('button', { name: 'Block time for Conor' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Block time for Conor' }, FIRST_RENDER));
    await user.selectOptions(dialog.getByRole('combobox', { name: 'From' }), '15:00');
    await user.selectOptions(dialog.getByRole('combobox', { name: 'To' }), '14:00');
    await user.click(dialog.getByRole('button', { name: 'Block Time' }));
    expect(dialog.getByText('The end must be after the start')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/user/blocks')).toHaveLength(0);

    api.on(
      'POST',
      '/api/user/blocks',
      jsonResponse(201, {
        block: {
          id: 'b2',
          memberId: 'conor',
          date: '2026-12-09',
          start: '15:00',
          end: '16:30',
          reason: 'Course',
        },
      }),
    );
    await user.selectOptions(dialog.getByRole('combobox', { name: 'To' }), '16:30');
    fireEvent.change(dialog.getByLabelText(/^Day/), { target: { value: '2026-12-09' } });
    await user.type(dialog.getByRole('textbox', { name: 'Reason (optional)' }), 'Course');
    await user.click(dialog.getByRole('button', { name: 'Block Time' }));
    await waitFor(() =>
      expect(api.callsTo('POST', '/api/user/blocks')[0]?.body).toEqual({
        memberId: 'conor',
        date: '2026-12-09',
        start: '15:00',
        end: '16:30',
        reason: 'Course',
      }),
    );
  });

  it('gives a barber their own weekly hours, starting from the shop’s, one shift a day', async () => {
    const { user, api } = openCard();
    const section = await card();
    await section.findByText('Skin fade, Beard trim');
    await user.click(
      within(section.getByRole('region', { name: 'Team' })).getByRole('button', { name: 'Edit Conor' }),
    );
    const dialog = within(await screen.findByRole('dialog', { name: 'Edit team member' }, FIRST_RENDER));
    const shopHours = dialog.getByRole('switch', { name: 'Works the shop’s weekly hours' });
    expect(shopHours).toBeChecked();
    await user.click(shopHours);
    const hours = within(dialog.getByRole('group', { name: 'Their weekly hours' }));
    // The shop's Monday 09:00-17:00 to start from.
    expect(hours.getByRole('checkbox', { name: 'Monday' })).toBeChecked();
    expect(hours.getByRole('combobox', { name: 'Monday from' })).toHaveValue('09:00');
    await user.selectOptions(hours.getByRole('combobox', { name: 'Monday to' }), '13:00');
    await user.click(hours.getByRole('checkbox', { name: 'Saturday' }));
    api.on(
      'PUT',
      '/api/user/team/conor',
      jsonResponse(200, {
        member: { id: 'conor', name: 'Conor', serviceIds: ['fade', 'beard'], availability: null },
      }),
    );
    await user.click(dialog.getByRole('button', { name: 'Save Team Member' }));
    await waitFor(() =>
      expect(api.callsTo('PUT', '/api/user/team/conor')[0]?.body).toEqual({
        name: 'Conor',
        serviceIds: ['fade', 'beard'],
        availability: {
          Monday: [{ start: '09:00', end: '13:00' }],
          Saturday: [{ start: '09:00', end: '17:00' }],
        },
        awayDates: [],
      }),
    );
  });

  it('shows a barber’s own days away and takes one off', async () => {
    const start = addDays(todayInLondon(), 10);
    const end = addDays(start, 4);
    const holiday = { startDate: start, endDate: end, reason: 'Holiday' };
    const api = stubFetch()
      .on('GET', '/api/user/services', jsonResponse(200, { services: [FADE, BEARD] }))
      .on(
        'GET',
        '/api/user/team',
        jsonResponse(200, {
          team: [
            { id: 'conor', name: 'Conor', serviceIds: ['fade'], availability: null, awayDates: [holiday] },
          ],
        }),
      )
      .on('GET', '/api/user/booking-settings', jsonResponse(200, { slotStepMinutes: 15 }))
      .on('GET', '/api/user/blocks', jsonResponse(200, { blocks: [] }));
    const { user } = renderDashboard({ route: '/admin?tab=configuration', api });
    const section = await card();
    const when = awayPeriodText(start, end);
    await section.findByText(`Skin fade · Away ${when}`);
    await user.click(
      within(section.getByRole('region', { name: 'Team' })).getByRole('button', { name: 'Edit Conor' }),
    );
    const dialog = within(await screen.findByRole('dialog', { name: 'Edit team member' }, FIRST_RENDER));
    const away = within(dialog.getByRole('group', { name: 'Their days away' }));
    expect(away.getByText(`${when} · Holiday`)).toBeInTheDocument();
    expect(away.getByRole('button', { name: 'Add Days Away' })).toBeDisabled();
    await user.click(away.getByRole('button', { name: `Remove ${when} away` }));
    expect(away.getByText('None of their own.')).toBeInTheDocument();
    api.on(
      'PUT',
      '/api/user/team/conor',
      jsonResponse(200, {
        member: { id: 'conor', name: 'Conor', serviceIds: ['fade'], availability: null, awayDates: [] },
      }),
    );
    await user.click(dialog.getByRole('button', { name: 'Save Team Member' }));
    await waitFor(() =>
      expect(api.callsTo('PUT', '/api/user/team/conor')[0]?.body).toEqual({
        name: 'Conor',
        serviceIds: ['fade'],
        availability: null,
        awayDates: [],
      }),
    );
  });
});
