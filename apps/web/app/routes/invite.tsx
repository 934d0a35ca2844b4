import type { ShouldRevalidateFunction } from 'react-router';
import { paths } from '@/config/paths';
import { InvitePage } from '@/features/invite/components/invite-page';
import { pageMeta } from '../seo';
import { SignedInPageSkeleton } from '../signed-in-page';
import type { Route } from './+types/invite';

// The invite's code is in the path: never indexed, rendered in the browser only.
// Nothing to read again when only the query changes (a wizard's step, a tab).
export const shouldRevalidate: ShouldRevalidateFunction = () => false;

export const meta: Route.MetaFunction = () => pageMeta({ title: paths.invite.title, noIndex: true });

export function clientLoader() {
  return null;
}
clientLoader.hydrate = true as const;

export const HydrateFallback = SignedInPageSkeleton;

export default function Invite() {
  return <InvitePage />;
}
