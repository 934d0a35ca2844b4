import { DASHBOARD_ADDED_TABS } from '@/app/dashboard-tabs';
import { BUSINESS_OR_ADMIN, RouteGuard } from '@/app/route-guard';
import { paths } from '@/config/paths';
import { DashboardPage } from '@/features/dashboard/components/dashboard-page';
import { pageMeta } from '../seo';
import type { Route } from './+types/admin';

export { clientLoader, HydrateFallback, shouldRevalidate } from '../signed-in-page';

export const meta: Route.MetaFunction = () => pageMeta({ title: paths.admin.title, noIndex: true });

export default function Admin() {
  return (
    <RouteGuard allow={BUSINESS_OR_ADMIN}>
      <DashboardPage addedTabs={DASHBOARD_ADDED_TABS} />
    </RouteGuard>
  );
}
