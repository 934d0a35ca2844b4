import type { BookingStatus } from '@app/domain';
import { Badge, type BadgeProps } from '@mantine/core';

/** Colour and label of each booking status, the same for customers and businesses. */
export const BOOKING_STATUS_BADGE: Record<BookingStatus, { color: string; label: string }> = {
  Requested: { color: 'yellow', label: 'Requested' },
  Approved: { color: 'teal', label: 'Approved' },
  Confirmed: { color: 'green', label: 'Confirmed' },
  Countered: { color: 'copper', label: 'Counter Offer' },
  Declined: { color: 'gray', label: 'Declined' },
  Cancelled: { color: 'gray', label: 'Cancelled' },
  Denied: { color: 'red', label: 'Denied' },
};

export function BookingStatusBadge({ status, ...props }: { status: BookingStatus } & BadgeProps) {
  const badge = BOOKING_STATUS_BADGE[status] ?? { color: 'gray', label: status };
  return (
    <Badge color={badge.color} variant="light" {...props}>
      {badge.label}
    </Badge>
  );
}
