import { useParams } from 'react-router';
import { useSession } from '@/lib/auth';
import { BookingWizard, WizardSkeleton } from './booking-wizard';
import { CustomersOnlyNotice } from './customers-only-notice';

/** Route /booking/:businessId (any signed-in user; the route guard sends visitors to /login). */
export function BookingPage() {
  const { businessId = '' } = useParams();
  const { userType, isUserLoading } = useSession();
  // Only customers may book: a Business or Admin is told so at once, not after the last step.
  if (userType === 'Business' || userType === 'Admin') return <CustomersOnlyNotice />;
  if (isUserLoading) return <WizardSkeleton />;
  // A new business id starts a fresh wizard.
  return <BookingWizard key={businessId} businessId={businessId} />;
}
