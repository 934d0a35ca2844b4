import { invalidTimeSlotFor, MESSAGES, timeSlotsOverlapOn } from '@app/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { apiErrorResponse, jsonResponse } from '@/testing/fetch-stub';
import { businessDetails, FIRST_RENDER, renderDashboard } from '../testing/dashboard-fixtures';

type User = ReturnType<typeof renderDashboard>['user'];

const day = (name: string) => screen.getByRole('region', { name });
const select = (name: string) => screen.getByRole('combobox', { name });

async function openSetHours(profile: Record<string, unknown> = {}) {
  const rendered = renderDashboard({ route: '/admin?tab=hours', profile });
  await screen.findByRole('heading', { name: 'Weekly Hours' }, FIRST_RENDER);
  return rendered;
}

const saveHours = (user: User) => user.click(screen.getByRole('button', { name: 'Save Hours' }));

describe('Set Hours', () => {
  it('shows a card per weekday, Monday to Sunday, with the stored ranges', async () => {
    await openSetHours({
      availability: { Monday: [{ start: '09:00', end: '17:00' }], Thursday: ['13:00-20:00', '09:00-12:00'] },
    });
    const regions = screen
      .getAllByRole('region')
      .map((region) => region.getAttribute('aria-labelledby'))
      .filter((id) => id?.startsWith('hours-'));
    expect(regions).toEqual([
      'hours-monday',
      'hours-tuesday',
      'hours-wednesday',
      'hours-thursday',
      'hours-friday',
      'hours-saturday',
      'hours-sunday',
    ]);
    expect(select('Monday slot 1 start')).toHaveValue('09:00');
    expect(select('Monday slot 1 end')).toHaveValue('17:00');
    // Ranges given as 'HH:MM-HH:MM' read the same, in time order.
    expect(select('Thursday slot 1 start')).toHaveValue('09:00');
    expect(select('Thursday slot 2 end')).toHaveValue('20:00');
    expect(within(day('Tuesday')).getByText('No hours: closed on Tuesdays.')).toBeInTheDocument();
  });

  it('offers half-hour times from 08:00 to 22:00', async () => {
    await openSetHours();
    const options = within(select('Monday slot 1 start'))
      .getAllByRole('option')
      .map((option) => option.textContent);
    expect(options[0]).toBe('08:00');
    expect(options[1]).toBe('08:30');
    expect(options.at(-1)).toBe('22:00');
    expect(options).toHaveLength(29);
  });

  it('adds (09:00–17:00), edits and removes ranges, and saves the whole week', async () => {
    const { user, api } = await openSetHours();
    api.on('PUT', '/api/user/availability', ({ body }) =>
      jsonResponse(200, businessDetails('Business', body as Record<string, unknown>)),
    );

    await user.click(within(day('Wednesday')).getByRole('button', { name: '+ Add Hours' }));
    expect(select('Wednesday slot 1 start')).toHaveValue('09:00');
    expect(select('Wednesday slot 1 end')).toHaveValue('17:00');

    await user.selectOptions(select('Wednesday slot 1 start'), '10:30');
    await user.selectOptions(select('Wednesday slot 1 end'), '14:00');
    await user.click(within(day('Wednesday')).getByRole('button', { name: '+ Add Hours' }));
    await user.selectOptions(select('Wednesday slot 2 start'), '15:00');
    await user.selectOptions(select('Wednesday slot 2 end'), '19:00');

    await user.click(within(day('Saturday')).getByRole('button', { name: '+ Add Hours' }));
    expect(screen.getByText('You have unsaved changes.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Remove Saturday slot 1' }));
    expect(within(day('Saturday')).queryByRole('combobox')).not.toBeInTheDocument();

    await saveHours(user);
    expect(await screen.findByText('Availability updated')).toBeInTheDocument();
    expect(api.callsTo('PUT', '/api/user/availability')[0]!.body).toEqual({
      availability: {
        Monday: [{ start: '09:00', end: '17:00' }],
        Wednesday: [
          { start: '10:30', end: '14:00' },
          { start: '15:00', end: '19:00' },
        ],
      },
    });
    expect(screen.getByText('All changes saved.')).toBeInTheDocument();
  });

  it("refuses to save a week without hours: 'No time slots'", async () => {
    const { user, api } = await openSetHours();
    await user.click(screen.getByRole('button', { name: 'Remove Monday slot 1' }));
    await saveHours(user);
    expect(await screen.findByText(MESSAGES.noTimeSlots)).toBeInTheDocument();
    expect(screen.getByText('Please set at least one time slot before saving')).toBeInTheDocument();
    expect(api.callsTo('PUT', '/api/user/availability')).toHaveLength(0);
  });

  it('says a range must start before it ends, on the row and when saving', async () => {
    const { user, api } = await openSetHours();
    await user.selectOptions(select('Monday slot 1 start'), '18:00');
    const message = 'Invalid time slot for Monday: Start time must be before end time';
    expect(invalidTimeSlotFor('Monday')).toBe(message);
    expect(within(day('Monday')).getByText(message)).toBeInTheDocument();

    await saveHours(user);
    expect(await screen.findByText('Invalid time slot')).toBeInTheDocument();
    expect(screen.getAllByText(message)).toHaveLength(2);
    expect(api.callsTo('PUT', '/api/user/availability')).toHaveLength(0);
  });

  it("shows the server's message when it refuses overlapping ranges", async () => {
    const { user, api } = await openSetHours();
    api.on(
      'PUT',
      '/api/user/availability',
      apiErrorResponse(400, 'ValidationError', timeSlotsOverlapOn('Tuesday'), {
        Tuesday: timeSlotsOverlapOn('Tuesday'),
      }),
    );
    await user.click(within(day('Tuesday')).getByRole('button', { name: '+ Add Hours' }));
    await saveHours(user);
    expect(await screen.findByText(MESSAGES.failedToUpdateAvailability)).toBeInTheDocument();
    expect(screen.getByText('Time slots overlap on Tuesday')).toBeInTheDocument();
  });

  it('catches overlapping ranges before saving too', async () => {
    const { user, api } = await openSetHours();
    await user.click(within(day('Monday')).getByRole('button', { name: '+ Add Hours' }));
    expect(within(day('Monday')).getByText('Time slots overlap on Monday')).toBeInTheDocument();
    await saveHours(user);
    expect(await screen.findAllByText('Time slots overlap on Monday')).toHaveLength(2);
    expect(api.callsTo('PUT', '/api/user/availability')).toHaveLength(0);
  });

  it("says 'Failed to save availability' when the server cannot be reached, and keeps the edits", async () => {
    const { user, api } = await openSetHours();
    api.on('PUT', '/api/user/availability', () => Promise.reject(new TypeError('Failed to fetch')));
    await user.click(within(day('Friday')).getByRole('button', { name: '+ Add Hours' }));
    await saveHours(user);
    expect(await screen.findByText(MESSAGES.failedToSaveAvailability)).toBeInTheDocument();
    await waitFor(() => expect(select('Friday slot 1 start')).toHaveValue('09:00'));
    expect(screen.getByText('You have unsaved changes.')).toBeInTheDocument();
  });

  it('discards unsaved changes', async () => {
    const { user } = await openSetHours();
    await user.click(screen.getByRole('button', { name: 'Remove Monday slot 1' }));
    await user.click(screen.getByRole('button', { name: 'Discard Changes' }));
    expect(select('Monday slot 1 start')).toHaveValue('09:00');
  });
});
