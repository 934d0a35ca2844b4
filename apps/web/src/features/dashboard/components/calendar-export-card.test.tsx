import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { apiErrorResponse, jsonResponse } from '@/testing/fetch-stub';
import { FIRST_RENDER, fixToday, renderDashboard } from '../testing/dashboard-fixtures';
import { monthOf } from './calendar-export-card';
import { CALENDAR_FEED_TEXT } from './calendar-feed-modal';

const FEED_1 = `http://localhost:3000/api/calendar/${'a'.repeat(43)}.ics`;
const FEED_2 = `http://localhost:3000/api/calendar/${'b'.repeat(43)}.ics`;

async function openConfiguration() {
  const rendered = renderDashboard({ route: '/admin?tab=configuration' });
  await screen.findByRole('heading', { name: 'Calendar and Export' }, FIRST_RENDER);
  return rendered;
}

describe('monthOf', () => {
  it('gives the first and last day of the month', () => {
    expect(monthOf('2026-11-15')).toEqual({ from: '2026-11-01', to: '2026-11-30' });
    expect(monthOf('2026-12-31')).toEqual({ from: '2026-12-01', to: '2026-12-31' });
    expect(monthOf('2028-02-10')).toEqual({ from: '2028-02-01', to: '2028-02-29' });
  });
});

describe('calendar feed', () => {
  it('Subscribe opens a dialog that creates the secret link, copies it, makes a new one and turns it off', async () => {
    const { user, api } = await openConfiguration();
    api
      .on('POST', '/api/user/calendar-feed', jsonResponse(200, { url: FEED_1 }))
      .on('POST', '/api/user/calendar-feed', jsonResponse(200, { url: FEED_2 }))
      .on('DELETE', '/api/user/calendar-feed', jsonResponse(204));

    await user.click(screen.getByRole('button', { name: 'Subscribe' }));
    const dialog = await screen.findByRole('dialog', { name: CALENDAR_FEED_TEXT.title });
    expect(within(dialog).getByText(/Google Calendar/)).toBeInTheDocument();
    // Nothing is made until asked: a new link would end the one already in use.
    expect(api.callsTo('POST', '/api/user/calendar-feed')).toHaveLength(0);

    await user.click(within(dialog).getByRole('button', { name: CALENDAR_FEED_TEXT.create }));
    const link = await within(dialog).findByRole('textbox', { name: 'Your calendar link' });
    expect(link).toHaveValue(FEED_1);
    expect(api.callsTo('POST', '/api/user/calendar-feed')[0]!.headers.authorization).toMatch(/^Bearer /);
    expect(await screen.findByText(CALENDAR_FEED_TEXT.created)).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Copy link' }));
    // user-event's clipboard stands in for the browser's.
    expect(await navigator.clipboard.readText()).toBe(FEED_1);
    expect(await within(dialog).findByRole('button', { name: 'Copied' })).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: CALENDAR_FEED_TEXT.rotate }));
    await waitFor(() => expect(link).toHaveValue(FEED_2));
    expect(await screen.findByText(CALENDAR_FEED_TEXT.rotated)).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: CALENDAR_FEED_TEXT.revoke }));
    expect(await within(dialog).findByText(CALENDAR_FEED_TEXT.revokedNote)).toBeInTheDocument();
    expect(within(dialog).queryByRole('textbox')).not.toBeInTheDocument();
    expect(api.callsTo('DELETE', '/api/user/calendar-feed')).toHaveLength(1);
    expect(within(dialog).getByRole('button', { name: CALENDAR_FEED_TEXT.create })).toBeInTheDocument();
  });

  it('says so when the link cannot be made, with the server’s message', async () => {
    const { user, api } = await openConfiguration();
    api.on('POST', '/api/user/calendar-feed', apiErrorResponse(403, 'Forbidden', 'Not allowed here.'));
    await user.click(screen.getByRole('button', { name: 'Subscribe' }));
    const dialog = await screen.findByRole('dialog', { name: CALENDAR_FEED_TEXT.title });
    await user.click(within(dialog).getByRole('button', { name: CALENDAR_FEED_TEXT.create }));
    expect(await screen.findByText('Not allowed here.')).toBeInTheDocument();
    expect(screen.getByText(CALENDAR_FEED_TEXT.createFailed)).toBeInTheDocument();
    expect(within(dialog).queryByRole('textbox')).not.toBeInTheDocument();
  });
});

describe('CSV export', () => {
  it('downloads this month’s bookings with the access token, named by the range', async () => {
    fixToday('2026-11-15T12:00:00Z');
    const blobs: Blob[] = [];
    // jsdom has no object URLs; these stand in for the browser's for this test only.
    Object.assign(URL, {
      createObjectURL: (blob: Blob) => {
        blobs.push(blob);
        return 'blob:export';
      },
      revokeObjectURL: () => {},
    });
    onTestFinished(() => {
      Reflect.deleteProperty(URL, 'createObjectURL');
      Reflect.deleteProperty(URL, 'revokeObjectURL');
      vi.useRealTimers();
    });
    const names: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      names.push(this.download);
    });
    const csv =
      "\uFEFFDate,Time,Status,Customer,Phone,Price,Home visit,Address\r\n2026-11-03,10:00,Approved,Aisling Burns,'+447700900123,£30,No,\r\n";
    const { user, api } = await openConfiguration();
    api.on(
      'GET',
      '/api/booking/export.csv',
      () => new Response(csv, { status: 200, headers: { 'Content-Type': 'text/csv; charset=utf-8' } }),
    );
    expect(screen.getByRole('button', { name: 'From' })).toHaveTextContent('1 Nov 2026');
    expect(screen.getByRole('button', { name: 'To' })).toHaveTextContent('30 Nov 2026');

    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(names).toEqual(['bookings-2026-11-01-to-2026-11-30.csv']));
    const [call] = api.callsTo('GET', '/api/booking/export.csv');
    expect(call!.headers.authorization).toMatch(/^Bearer /);
    const requested = new URL(String(api.fetch.mock.calls.at(-1)![0]), 'http://localhost');
    expect(Object.fromEntries(requested.searchParams)).toEqual({ from: '2026-11-01', to: '2026-11-30' });
    // The file as sent: the BOM (which Blob.text() would drop) and £ in UTF-8.
    const bytes = new Uint8Array(await blobs[0]!.arrayBuffer());
    expect([...bytes]).toEqual([...Buffer.from(csv, 'utf8')]);
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(await screen.findByText('Bookings exported')).toBeInTheDocument();
  });

  it('shows the server’s message when the export is refused', async () => {
    const { user, api } = await openConfiguration();
    api.on(
      'GET',
      '/api/booking/export.csv',
      apiErrorResponse(400, 'ValidationError', 'The date range can be at most 7 years', {
        to: 'The date range can be at most 7 years',
      }),
    );
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    expect(await screen.findByText('The date range can be at most 7 years')).toBeInTheDocument();
    expect(screen.getByText('Failed to export bookings')).toBeInTheDocument();
  });
});
