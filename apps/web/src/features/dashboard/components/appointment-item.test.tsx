import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AppProvider } from '@/app/provider';
import { createQueryClient } from '@/lib/query-client';
import { makeBooking } from '../testing/dashboard-fixtures';
import { AppointmentItem } from './appointment-item';

const renderItem = (booking: ReturnType<typeof makeBooking>) =>
  render(
    <AppProvider queryClient={createQueryClient()} env="test">
      <ul>
        <AppointmentItem booking={booking} when="10:00" />
      </ul>
    </AppProvider>,
  );

/** The booking calendar's appointments, with their money (api-contract §9.2). */
describe('an appointment in the booking calendar', () => {
  it('says what was paid', () => {
    renderItem(
      makeBooking({
        Status: 'Approved',
        FinalPrice: 30,
        PaymentStatus: 'Paid',
        AmountDuePence: 750,
        AmountPaidPence: 750,
      }),
    );
    expect(screen.getByRole('listitem')).toHaveTextContent('Aoife Byrne · £30');
    expect(screen.getByRole('listitem')).toHaveTextContent('Deposit paid: £7.50');
  });

  it('says nothing of money for a booking paid at the appointment', () => {
    renderItem(makeBooking({ Status: 'Approved', FinalPrice: 30 }));
    expect(screen.getByRole('listitem')).not.toHaveTextContent('£7.50');
    expect(screen.getByRole('listitem')).not.toHaveTextContent(/paid|due/i);
  });
});
