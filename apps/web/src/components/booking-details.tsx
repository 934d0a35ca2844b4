import {
  addressOnOneLine,
  assertNever,
  type Booking,
  type BookingActor,
  bookingPaymentText,
  bookingServiceText,
  type CancelledBy,
  hasBookingStarted,
  isActiveStatus,
} from '@app/domain';
import { Group, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { DirectionsLink } from '@/components/business-address';
import { IconCalendar, IconMapPin, IconPound, IconScissors, IconX } from '@/components/icons';
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
 * Who cancelled, worded for the reader: 'You cancelled this booking', 'Cancelled by the business',
 * or 'Cancelled automatically' when a payment did not arrive by its deadline (its reason says so).
 */
export function cancelledByText(cancelledBy: CancelledBy, viewer: BookingActor): string {
  if (cancelledBy === viewer) return 'You cancelled this booking';
  switch (cancelledBy) {
    case 'business':
      return 'Cancelled by the business';
    case 'customer':
      return 'Cancelled by the customer';
    case 'system':
      return 'Cancelled automatically';
    default:
      return assertNever(cancelledBy);
  }
}

/** "{label}: {address} Directions", or the label alone when there is no address. */
function PlaceLine({ label, address, placeName }: { label: string; address: string; placeName: string }) {
  const line = addressOnOneLine(address);
  if (!line) return <>{label}</>;
  return (
    <>
      {label}: {line} <DirectionsLink address={address} placeName={placeName} />
    </>
  );
}

/**
 * Where the appointment is, worded for the reader (api-contract §8.5). The customer: a shop visit
 * at the business's address (in full once agreed, else its public form) with a Directions link, a
 * home visit at their own address. The business: 'At your shop', or the home visit's address with
 * a Directions link.
 */
function LocationDetail({ booking, viewer }: { booking: Booking; viewer: BookingActor }) {
  const home = booking.IsHomeVisit;
  return (
    <BookingDetail icon={<IconMapPin size={18} />}>
      {viewer === 'customer' ? (
        home ? (
          bookingLocationText(booking)
        ) : (
          <PlaceLine
            label="At the shop"
            address={booking.BusinessAddress ?? ''}
            placeName={booking.BusinessName?.trim() || 'the shop'}
          />
        )
      ) : home ? (
        <PlaceLine label="Home visit" address={booking.CustomerAddress ?? ''} placeName="the home visit" />
      ) : (
        'At your shop'
      )}
    </BookingDetail>
  );
}

/**
 * A Cancelled booking's who and why (api-contract §8.4). The reason is the business's own words,
 * shown as text (React escapes it), never as markup.
 */
function CancellationDetail({ booking, viewer }: { booking: Booking; viewer: BookingActor }) {
  if (booking.Status !== 'Cancelled' || !booking.CancelledBy) return null;
  const reason = booking.CancellationReason?.trim();
  return (
    <BookingDetail icon={<IconX size={18} />}>
      <Text span size="sm" fw={600}>
        {cancelledByText(booking.CancelledBy, viewer)}
      </Text>
      {reason ? (
        <Text size="sm" c="dimmed" className={classes.text}>
          Reason: “{reason}”
        </Text>
      ) : null}
    </BookingDetail>
  );
}

/**
 * The booking's money in words for its reader (api-contract §9.2): what is due and by when, paid,
 * refunded or kept; nothing for a booking paid at the appointment.
 */
function PaymentDetail({ booking, viewer }: { booking: Booking; viewer: BookingActor }) {
  const text = bookingPaymentText(booking, viewer, formatBookingDateTime);
  if (!text) return null;
  return (
    <BookingDetail icon={<IconPound size={18} />}>
      <Text span size="sm" fw={booking.PaymentStatus === 'Due' ? 600 : undefined}>
        {text}
      </Text>
    </BookingDetail>
  );
}

/** Which service, how long and with whom (api-contract §9.3); nothing for a shop's default hour. */
function ServiceDetail({ booking }: { booking: Booking }) {
  const text = bookingServiceText(booking);
  if (!text) return null;
  return (
    <BookingDetail icon={<IconScissors size={18} />}>
      <Text span size="sm" fw={600}>
        {text}
      </Text>
    </BookingDetail>
  );
}

/**
 * The details block of a booking card, shared by the customer's bookings and the business's
 * requests: `before`, then when (marked '(past)' once an active booking has started), the price
 * line the card words for its reader, its money, where, who cancelled a Cancelled booking and why, then `after`.
 */
export function BookingDetails({
  booking,
  price,
  before,
  after,
  viewer,
  hasAccentIcons = false,
}: {
  booking: Booking;
  /** Whose card this is: the cancellation line says 'you' to its reader. */
  viewer: BookingActor;
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
      <ServiceDetail booking={booking} />
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
      <PaymentDetail booking={booking} viewer={viewer} />
      <LocationDetail booking={booking} viewer={viewer} />
      <CancellationDetail booking={booking} viewer={viewer} />
      {after}
    </Stack>
  );
}
