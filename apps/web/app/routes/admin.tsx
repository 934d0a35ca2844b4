import type { ShouldRevalidateFunction } from 'react-router';
import { DASHBOARD_ADDED_TABS } from '@/app/dashboard-tabs';
import { BUSINESS_OR_ADMIN, RouteGuard } from '@/app/route-guard';
import { paths } from '@/config/paths';
import { DashboardPage } from '@/features/dashboard/components/dashboard-page';
import { pageMeta } from '../seo';
import { SignedInPageSkeleton } from '../signed-in-page';
import type { Route } from './+types/admin';

// Nothing to read again when only the query changes (a wizard's step, a tab).
export const shouldRevalidate: ShouldRevalidateFunction = () => false;

export const meta: Route.MetaFunction = () => pageMeta({ title: paths.admin.title, noIndex: true });

export function clientLoader() {
  return null;
}
clientLoader.hydrate = true as const;

export const HydrateFallback = SignedInPageSkeleton;

export default function Admin() {
  return (
    <RouteGuard allow={BUSINESS_OR_ADMIN}>
      <DashboardPage addedTabs={DASHBOARD_ADDED_TABS} />
    </RouteGuard>
  );
}
