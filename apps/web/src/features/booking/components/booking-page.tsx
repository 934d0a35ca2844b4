import { useParams } from 'react-router';
import { useSession } from '@/lib/auth';
import { BookingWizard } from './booking-wizard';
import { CustomersOnlyNotice } from './customers-only-notice';

/**
 * Route /booking/:businessId: a business's page, public (api-contract §9.1); sending the request
 * needs sign-in.
 */
export function BookingPage() {
  const { businessId = '' } = useParams();
  // Only customers may book: a Business or Admin is told so at once, not after the last step. The
  // access token names the type before the profile has loaded (the server checks it regardless).
  const { userType, claimedUserType } = useSession();
  const type = userType ?? claimedUserType;
  if (type === 'Business' || type === 'Admin') return <CustomersOnlyNotice />;
  // A new business id starts a fresh wizard.
  return <BookingWizard key={businessId} businessId={businessId} />;
}
