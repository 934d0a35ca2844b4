import { type Booking, bookingPaymentText, bookingServiceText } from '@app/domain';
import { Group, Paper, Text } from '@mantine/core';
import { BookingStatusBadge } from '@/components/booking-status-badge';
import { agreedPrice, bookingLocationText, formatBookingDateTime, formatPounds } from '@/lib/booking-format';
import classes from './dashboard.module.css';

/**
 * An agreed appointment as a list item: its time (`when`), the customer and price, its service and
 * barber, where, its money,
 * and its status (the booking calendar's day, and the bookings a change of hours or away dates falls on).
 */
export function AppointmentItem({ booking, when }: { booking: Booking; when: string }) {
  const price = agreedPrice(booking);
  // Its money as the business reads it (api-contract §9.2): due, paid, refunded or kept.
  const payment = bookingPaymentText(booking, 'business', formatBookingDateTime);
  // Which service, how long and with whom (api-contract §9.3), unless it is the default hour.
  const service = bookingServiceText(booking);
  return (
    <Paper component="li" withBorder p="sm" radius="md">
      <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
        <Text fw={700}>{when}</Text>
        <BookingStatusBadge status={booking.Status} className={classes.noShrink} />
      </Group>
      <Text size="sm" className={classes.breakWord}>
        {booking.customerName || 'Customer'}
        {price !== null ? ` · ${formatPounds(price)}` : null}
      </Text>
      {service ? (
        <Text size="xs" className={classes.breakWord}>
          {service}
        </Text>
      ) : null}
      <Text size="xs" c="dimmed" className={classes.breakWord}>
        {bookingLocationText(booking)}
      </Text>
      {payment ? (
        <Text size="xs" c="dimmed" className={classes.breakWord}>
          {payment}
        </Text>
      ) : null}
    </Paper>
  );
}
