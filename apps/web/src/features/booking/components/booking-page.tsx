import { useParams } from 'react-router';
import { BookingWizard } from './booking-wizard';

/** Route /booking/:businessId (any signed-in user; the route guard sends visitors to /login). */
export function BookingPage() {
  const { businessId = '' } = useParams();
  // A new business id starts a fresh wizard.
  return <BookingWizard key={businessId} businessId={businessId} />;
}
