import { paths } from '@/config/paths';
import { InvitePage } from '@/features/invite/components/invite-page';
import { pageMeta } from '../seo';
import type { Route } from './+types/invite';

export { clientLoader, HydrateFallback, shouldRevalidate } from '../signed-in-page';

// The invite's code is in the path: never indexed, rendered in the browser only.
export const meta: Route.MetaFunction = () => pageMeta({ title: paths.invite.title, noIndex: true });

export default function Invite() {
  return <InvitePage />;
}
