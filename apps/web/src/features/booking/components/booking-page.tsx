import { PagePlaceholder } from '@/components/page-placeholder';

// Placeholder until the booking wizard (spec §2 "Booking wizard") is built.
export function BookingPage() {
  return (
    <PagePlaceholder title="Book an Appointment">
      Requesting a time and price with this provider arrives soon.
    </PagePlaceholder>
  );
}
