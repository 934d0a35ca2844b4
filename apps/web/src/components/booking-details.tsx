import { type Booking, hasBookingStarted, isActiveStatus } from '@app/domain';
import { Group, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { IconCalendar, IconMapPin } from '@/components/icons';
import { bookingLocationText, formatBookingDateTime } from '@/lib/booking-format';
import classes from './booking-details.module.css';

/** One line of a booking card: an icon and what it stands for. */
export function BookingDetail({ icon, children }: { icon: ReactNode; children: ReactNode }) {
  return (
    <Group gap="xs" wrap="nowrap" align="flex-start" c="dark.5">
      <span className={classes.icon}>{icon}</span>
      <Text size="sm" className={classes.text} component="div">
        {children}
      </Text>
    </Group>
  );
}

/**
 * The details block of a booking card, shared by the customer's bookings and the business's
 * requests: `before`, then when (marked '(past)' once an active booking has started), the price
 * line the card words for its reader, where, then `after`.
 */
export function BookingDetails({
  booking,
  price,
  before,
  after,
  hasAccentIcons = false,
}: {
  booking: Booking;
  /** The price line, a `BookingDetail`: each side words it for its own reader. */
  price: ReactNode;
  before?: ReactNode;
  after?: ReactNode;
  /** Icons in the brand colour (the business's cards) rather than the text's (the customer's). */
  hasAccentIcons?: boolean;
}) {
  return (
    <Stack gap={6} className={classes.details} data-accent={hasAccentIcons || undefined}>
      {before}
      <BookingDetail icon={<IconCalendar size={18} />}>
        <time dateTime={booking.BookingDateTime.slice(0, 16).replace(' ', 'T')}>
          {formatBookingDateTime(booking.BookingDateTime)}
        </time>
        {isActiveStatus(booking.Status) && hasBookingStarted(booking.BookingDateTime, new Date()) ? (
          <Text span c="dimmed" size="sm">
            {' '}
            (past)
          </Text>
        ) : null}
      </BookingDetail>
      {price}
      <BookingDetail icon={<IconMapPin size={18} />}>{bookingLocationText(booking)}</BookingDetail>
      {after}
    </Stack>
  );
}
