import { CUSTOMER_ONLY, RouteGuard } from '@/app/route-guard';
import { paths } from '@/config/paths';
import { userBookingsQueryOptions } from '@/features/profile/api/get-user-bookings';
import { waitlistQueryOptions } from '@/features/profile/api/waitlist';
import { OPENING_SECTION, ProfilePage, sectionInAddress } from '@/features/profile/components/profile-page';
import { pageMeta } from '../seo';
import { signedInPageLoader } from '../signed-in-page';
import type { Route } from './+types/profile';

export { HydrateFallback, shouldRevalidate } from '../signed-in-page';

/**
 * A customer's profile opens on their bookings and waiting list: read them with the session (not
 * for Settings, which shows neither, nor for a Business or Admin, whom the page sends elsewhere).
 */
export const clientLoader = signedInPageLoader((queryClient, { userType, url }) => {
  if (userType !== 'User' || sectionInAddress(url.searchParams) !== OPENING_SECTION) return;
  void queryClient.prefetchQuery(userBookingsQueryOptions());
  void queryClient.prefetchQuery(waitlistQueryOptions());
});

export const meta: Route.MetaFunction = () => pageMeta({ title: paths.profile.title, noIndex: true });

export default function Profile() {
  return (
    <RouteGuard allow={CUSTOMER_ONLY}>
      <ProfilePage />
    </RouteGuard>
  );
}
