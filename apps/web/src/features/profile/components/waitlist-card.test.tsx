import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, stubFetch } from '@/testing/fetch-stub';
import { renderProfile } from '../testing/profile-fixtures';

const ENTRY = { id: 'w1', businessId: 'biz-1', businessName: "Kelly's Cuts", date: '2026-12-12' };

describe('waiting for a time on the profile (api-contract §9.4)', () => {
  it('lists the days the customer waits for, each with Remove', async () => {
    const api = stubFetch()
      .on('GET', '/api/booking/waitlist', jsonResponse(200, { entries: [ENTRY] }))
      .on('DELETE', '/api/booking/waitlist/w1', () => new Response(null, { status: 204 }))
      .on('GET', '/api/booking/waitlist', jsonResponse(200, { entries: [] }));
    const { user } = renderProfile({ api });
    const card = await screen.findByRole('region', { name: 'Waiting for a Time' });
    expect(within(card).getByRole('link', { name: "Kelly's Cuts" })).toHaveAttribute(
      'href',
      '/booking/biz-1',
    );
    expect(card).toHaveTextContent('Saturday 12 December 2026');
    await user.click(
      within(card).getByRole('button', {
        name: "Stop waiting for Kelly's Cuts on Saturday 12 December 2026",
      }),
    );
    await waitFor(() => expect(api.callsTo('DELETE', '/api/booking/waitlist/w1')).toHaveLength(1));
    await waitFor(() =>
      expect(screen.queryByRole('region', { name: 'Waiting for a Time' })).not.toBeInTheDocument(),
    );
  });

  it('shows nothing when the customer waits for no day', async () => {
    const api = stubFetch().on('GET', '/api/booking/waitlist', jsonResponse(200, { entries: [] }));
    renderProfile({ api });
    await screen.findByRole('heading', { name: 'My Profile' });
    await waitFor(() => expect(api.callsTo('GET', '/api/booking/waitlist')).toHaveLength(1));
    expect(screen.queryByRole('region', { name: 'Waiting for a Time' })).not.toBeInTheDocument();
  });
});
