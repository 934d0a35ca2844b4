import type { ShouldRevalidateFunction } from 'react-router';
import { CUSTOMER_ONLY, RouteGuard } from '@/app/route-guard';
import { paths } from '@/config/paths';
import { ProfilePage } from '@/features/profile/components/profile-page';
import { pageMeta } from '../seo';
import { SignedInPageSkeleton } from '../signed-in-page';
import type { Route } from './+types/profile';

// Nothing to read again when only the query changes (a wizard's step, a tab).
export const shouldRevalidate: ShouldRevalidateFunction = () => false;

export const meta: Route.MetaFunction = () => pageMeta({ title: paths.profile.title, noIndex: true });

export function clientLoader() {
  return null;
}
clientLoader.hydrate = true as const;

export const HydrateFallback = SignedInPageSkeleton;

export default function Profile() {
  return (
    <RouteGuard allow={CUSTOMER_ONLY}>
      <ProfilePage />
    </RouteGuard>
  );
}
