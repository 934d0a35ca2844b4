import { type Booking, bookingPaymentText } from '@app/domain';
import { Group, Paper, Text } from '@mantine/core';
import { BookingStatusBadge } from '@/components/booking-status-badge';
import { agreedPrice, bookingLocationText, formatBookingDateTime, formatPounds } from '@/lib/booking-format';
import classes from './dashboard.module.css';

/**
 * An agreed appointment as a list item: its time (`when`), the customer and price, where, its money,
 * and its status (the booking calendar's day, and the bookings a change of hours or away dates falls on).
 */
export function AppointmentItem({ booking, when }: { booking: Booking; when: string }) {
  const price = agreedPrice(booking);
  // Its money as the business reads it (api-contract §9.2): due, paid, refunded or kept.
  const payment = bookingPaymentText(booking, 'business', formatBookingDateTime);
  return (
    <Paper component="li" withBorder p="sm" radius="md">
      <Group justify="space-between" wrap="nowrap" align="flex-start" gap="sm">
        <div className={classes.minWidth0}>
          <Text fw={700}>{when}</Text>
          <Text size="sm" className={classes.breakWord}>
            {booking.customerName || 'Customer'}
            {price !== null ? ` · ${formatPounds(price)}` : null}
          </Text>
          <Text size="xs" c="dimmed" className={classes.breakWord}>
            {bookingLocationText(booking)}
          </Text>
          {payment ? (
            <Text size="xs" c="dimmed" className={classes.breakWord}>
              {payment}
            </Text>
          ) : null}
        </div>
        <BookingStatusBadge status={booking.Status} className={classes.noShrink} />
      </Group>
    </Paper>
  );
}
