import { addDays, todayInLondon } from '@app/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { formatShortDate } from '@/lib/booking-format';
import { jsonResponse, stubFetch } from '@/testing/fetch-stub';
import { FIRST_RENDER, makeBooking, renderDashboard } from '../testing/dashboard-fixtures';
import { diaryEntries, memberTotals, weekStartOf } from './diary-panel';

const today = todayInLondon();
const tomorrow = addDays(today, 1);
const TEAM = [
  { id: 'conor', name: 'Conor', serviceIds: ['fade'], availability: null },
  { id: 'niamh', name: 'Niamh', serviceIds: ['fade'], availability: null },
];
const fade = (id: string, at: string, memberId: string, memberName: string, customerName: string) =>
  makeBooking({
    id,
    Status: 'Approved',
    BookingDateTime: at,
    EndDateTime: `${at.slice(0, 11)}${String(Number(at.slice(11, 13))).padStart(2, '0')}:30`,
    ServiceName: 'Skin fade',
    DurationMinutes: 30,
    MemberID: memberId,
    MemberName: memberName,
    customerName,
  });

function openDiary() {
  const api = stubFetch()
    .on('GET', '/api/user/team', jsonResponse(200, { team: TEAM }))
    .on(
      'GET',
      '/api/user/services',
      jsonResponse(200, {
        services: [
          { id: 'fade', name: 'Skin fade', durationMinutes: 30, minimumPrice: 18, description: null },
        ],
      }),
    )
    .on(
      'GET',
      '/api/user/blocks',
      jsonResponse(200, {
        blocks: [
          { id: 'lunch', memberId: 'niamh', date: today, start: '13:00', end: '14:00', reason: 'Lunch' },
        ],
      }),
    );
  return renderDashboard({
    route: '/admin?tab=diary',
    api,
    bookings: [
      fade('b1', `${today} 10:00`, 'conor', 'Conor', 'Aoife Byrne'),
      fade('b2', `${today} 11:00`, 'niamh', 'Niamh', 'Declan Murphy'),
      fade('b3', `${tomorrow} 09:00`, 'niamh', 'Niamh', 'Ciara Doyle'),
    ],
  });
}

describe('the diary (issue 32 item 6)', () => {
  it('shows a day of the whole shop, one barber’s, and a week; blocks time from here', async () => {
    const { user } = openDiary();
    const diary = within(await screen.findByRole('region', { name: 'Diary' }, FIRST_RENDER));
    const day = within(await diary.findByRole('region', { name: formatShortDate(today) }, FIRST_RENDER));
    expect(await day.findByText('Skin fade · Aoife Byrne')).toBeInTheDocument();
    expect(day.getByText('Skin fade · Declan Murphy')).toBeInTheDocument();
    expect(day.getByText('Blocked: Lunch')).toBeInTheDocument();
    expect(diary.queryByText('Skin fade · Ciara Doyle')).not.toBeInTheDocument();
    // Each barber's agreed bookings and their worth that day (a block counts for nothing).
    const totals = within(diary.getByRole('region', { name: 'This day by barber' }));
    expect(totals.getAllByText('1 booking · £50')).toHaveLength(2);

    await user.selectOptions(diary.getByRole('combobox', { name: 'Whose diary' }), 'Conor');
    await waitFor(() => expect(day.queryByText('Skin fade · Declan Murphy')).not.toBeInTheDocument());
    expect(day.getByText('Skin fade · Aoife Byrne')).toBeInTheDocument();
    expect(day.queryByText('Blocked: Lunch')).not.toBeInTheDocument();

    await user.selectOptions(diary.getByRole('combobox', { name: 'Whose diary' }), 'Niamh');
    await user.click(diary.getByRole('radio', { name: 'Week' }));
    if (weekStartOf(tomorrow) === weekStartOf(today)) {
      expect(await diary.findByText('Skin fade · Ciara Doyle')).toBeInTheDocument();
    }
    expect(diary.getAllByRole('region', { name: / \d{4}$/ })).toHaveLength(7);

    await user.click(diary.getByRole('button', { name: 'Block Time' }));
    expect(
      await screen.findByRole('dialog', { name: 'Block time for Niamh' }, FIRST_RENDER),
    ).toBeInTheDocument();
  });

  it('moves a day at a time, and back to today', async () => {
    const { user } = openDiary();
    const diary = within(await screen.findByRole('region', { name: 'Diary' }, FIRST_RENDER));
    await diary.findByText('Skin fade · Aoife Byrne', {}, FIRST_RENDER);
    await user.click(diary.getByRole('button', { name: 'Next day' }));
    expect(await diary.findByText('Skin fade · Ciara Doyle')).toBeInTheDocument();
    expect(diary.queryByText('Skin fade · Aoife Byrne')).not.toBeInTheDocument();
    await user.click(diary.getByRole('button', { name: 'Today' }));
    expect(await diary.findByText('Skin fade · Aoife Byrne')).toBeInTheDocument();
  });
});

describe('a walk-in from the diary (issue 32 item 6)', () => {
  it('books a named customer with a barber, checked as typed; the card says Walk-in', async () => {
    const { user, api } = openDiary();
    const diary = within(await screen.findByRole('region', { name: 'Diary' }, FIRST_RENDER));
    await diary.findByText('Skin fade · Aoife Byrne', {}, FIRST_RENDER);
    await user.click(diary.getByRole('button', { name: 'Add Walk-in' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Add a walk-in' }, FIRST_RENDER));
    expect(dialog.getByRole('textbox', { name: 'Price' })).toHaveValue('18');
    await user.click(dialog.getByRole('button', { name: 'Book Walk-in' }));
    expect(dialog.getByText('Please enter the customer’s name')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/user/walk-ins')).toHaveLength(0);

    api.on(
      'POST',
      '/api/user/walk-ins',
      jsonResponse(201, {
        message: 'Walk-in booked',
        booking: { ...fade('w1', `${tomorrow} 11:00`, 'niamh', 'Niamh', 'Pat Walsh'), WalkIn: true },
      }),
    );
    await user.type(dialog.getByRole('textbox', { name: 'Customer’s name' }), 'Pat Walsh');
    await user.type(dialog.getByRole('textbox', { name: 'Phone (optional)' }), '07700 900123');
    await user.selectOptions(dialog.getByRole('combobox', { name: 'Barber' }), 'Niamh');
    await user.selectOptions(dialog.getByRole('combobox', { name: 'Time' }), '11:00');
    fireEvent.change(dialog.getByLabelText(/^Day/), { target: { value: tomorrow } });
    await user.click(dialog.getByRole('button', { name: 'Book Walk-in' }));
    await waitFor(() =>
      expect(api.callsTo('POST', '/api/user/walk-ins')[0]?.body).toEqual({
        serviceId: 'fade',
        memberId: 'niamh',
        bookingDateTime: `${tomorrow} 11:00`,
        customerName: 'Pat Walsh',
        customerPhone: '07700 900123',
        price: '18',
      }),
    );
  });
});

describe('diaryEntries', () => {
  it('puts bookings and blocks in time order, a block named by its member', () => {
    const entries = diaryEntries(
      [fade('b1', '2026-12-07 10:00', 'conor', 'Conor', 'Aoife Byrne')],
      [{ id: 'x', memberId: 'niamh', date: '2026-12-07', start: '09:00', end: '09:30', reason: null }],
      (id) => (id === 'niamh' ? 'Niamh' : ''),
    );
    expect(entries.map((entry) => [entry.start, entry.end, entry.title, entry.detail])).toEqual([
      ['09:00', '09:30', 'Blocked', 'Niamh'],
      ['10:00', '10:30', 'Skin fade · Aoife Byrne', 'with Conor'],
    ]);
    const [walkIn] = diaryEntries(
      [{ ...fade('w', '2026-12-07 10:00', 'conor', 'Conor', 'Pat'), WalkIn: true }],
      [],
      () => '',
    );
    expect(walkIn?.detail).toBe('Walk-in · with Conor');
    expect(weekStartOf('2026-12-06')).toBe('2026-11-30');
    expect(weekStartOf('2026-12-07')).toBe('2026-12-07');
  });

  it('adds each member’s agreed bookings and their agreed prices', () => {
    const entries = diaryEntries(
      [
        fade('b1', '2026-12-07 10:00', 'conor', 'Conor', 'A'),
        { ...fade('b2', '2026-12-07 11:00', 'conor', 'Conor', 'B'), FinalPrice: 35 },
      ],
      [{ id: 'x', memberId: 'conor', date: '2026-12-07', start: '09:00', end: '09:30', reason: null }],
      () => 'Conor',
    );
    expect(memberTotals(entries, TEAM)).toEqual([
      { id: 'conor', name: 'Conor', bookings: 2, revenue: 85 },
      { id: 'niamh', name: 'Niamh', bookings: 0, revenue: 0 },
    ]);
  });
});
