import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AppProvider } from '@/app/provider';
import { createQueryClient } from '@/lib/query-client';
import { makeBooking } from '../testing/dashboard-fixtures';
import { RequestCard } from './request-card';

const renderCard = (booking: ReturnType<typeof makeBooking>) =>
  render(
    <AppProvider queryClient={createQueryClient()} env="test">
      <RequestCard booking={booking} />
    </AppProvider>,
  );

/** Where the appointment is, as the business reads it (api-contract §8.5). */
describe("the business's request card: where", () => {
  it("says 'At your shop' for a shop visit, without the shop's own address", () => {
    renderCard(
      makeBooking({ customerName: 'Aoife Byrne', BusinessAddress: '12 Bridge Street, Lisburn, BT28 1XY' }),
    );
    const card = screen.getByRole('article', { name: 'Aoife Byrne, Sat 5 Dec 2026, 10:00' });
    expect(card).toHaveTextContent('At your shop');
    expect(card).not.toHaveTextContent('Bridge Street');
    expect(within(card).queryByRole('link', { name: /Directions/ })).not.toBeInTheDocument();
  });

  it("gives a home visit's address with a Directions link", () => {
    renderCard(
      makeBooking({
        customerName: 'Declan Murray',
        IsHomeVisit: true,
        CustomerAddress: '4 Quay Street\nBangor\nBT20 5ED',
      }),
    );
    const card = screen.getByRole('article', { name: 'Declan Murray, Sat 5 Dec 2026, 10:00' });
    expect(card).toHaveTextContent('Home visit: 4 Quay Street, Bangor, BT20 5ED Directions');
    const link = within(card).getByRole('link', {
      name: 'Directions to the home visit (opens in a new tab)',
    });
    expect(link).toHaveAttribute(
      'href',
      `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent('4 Quay Street, Bangor, BT20 5ED')}`,
    );
    expect(link).toHaveAttribute('target', '_blank');
  });
});

/** A walk-in or phone booking the business made (issue 32 item 6): said so, and no thread to open. */
describe("the business's request card: a walk-in", () => {
  it('says Walk-in and offers no messages', () => {
    renderCard(makeBooking({ customerName: 'Pat Walsh', Status: 'Approved', WalkIn: true }));
    const card = within(screen.getByRole('article', { name: 'Pat Walsh, Sat 5 Dec 2026, 10:00' }));
    expect(card.getByText('Walk-in')).toBeInTheDocument();
    expect(card.queryByRole('button', { name: /Messages/ })).not.toBeInTheDocument();
  });

  it('a customer’s booking offers its messages', () => {
    renderCard(makeBooking({ customerName: 'Aoife Byrne', Status: 'Approved' }));
    const card = within(screen.getByRole('article', { name: 'Aoife Byrne, Sat 5 Dec 2026, 10:00' }));
    expect(card.queryByText('Walk-in')).not.toBeInTheDocument();
    expect(card.getByRole('button', { name: /Messages/ })).toBeInTheDocument();
  });
});
