import { DASHBOARD_ADDED_TABS } from '@/app/dashboard-tabs';
import { BUSINESS_OR_ADMIN, RouteGuard } from '@/app/route-guard';
import { paths } from '@/config/paths';
import {
  businessBookingsQueryOptions,
  manageRequestsFilters,
} from '@/features/dashboard/api/get-business-bookings';
import { DashboardPage, OPENING_TAB, tabOfAddress } from '@/features/dashboard/components/dashboard-page';
import { pageMeta } from '../seo';
import { signedInPageLoader } from '../signed-in-page';
import type { Route } from './+types/admin';

export { HydrateFallback, shouldRevalidate } from '../signed-in-page';

/** The dashboard opens on Manage Requests: read its three lists with the session. */
export const clientLoader = signedInPageLoader((queryClient, { userType, url }) => {
  if (userType !== 'Business' && userType !== 'Admin') return;
  if (tabOfAddress(url.searchParams, DASHBOARD_ADDED_TABS, userType === 'Admin') !== OPENING_TAB) return;
  for (const filter of manageRequestsFilters()) {
    void queryClient.prefetchInfiniteQuery(businessBookingsQueryOptions(filter));
  }
});

export const meta: Route.MetaFunction = () => pageMeta({ title: paths.admin.title, noIndex: true });

export default function Admin() {
  return (
    <RouteGuard allow={BUSINESS_OR_ADMIN}>
      <DashboardPage addedTabs={DASHBOARD_ADDED_TABS} />
    </RouteGuard>
  );
}
