import { CUSTOMER_ONLY, RouteGuard } from '@/app/route-guard';
import { paths } from '@/config/paths';
import { ProfilePage } from '@/features/profile/components/profile-page';
import { pageMeta } from '../seo';
import type { Route } from './+types/profile';

export { clientLoader, HydrateFallback, shouldRevalidate } from '../signed-in-page';

export const meta: Route.MetaFunction = () => pageMeta({ title: paths.profile.title, noIndex: true });

export default function Profile() {
  return (
    <RouteGuard allow={CUSTOMER_ONLY}>
      <ProfilePage />
    </RouteGuard>
  );
}
