import { paths } from '@/config/paths';
import { PrivacyPolicyPage } from '@/features/legal/components/privacy-policy-page';
import { appUrlOf, pageMeta } from '../seo';
import type { Route } from './+types/privacy-policy';

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: paths.privacyPolicy.title,
    description: 'How TrimTime NI collects, uses and protects your personal data.',
    path: paths.privacyPolicy.getHref(),
    appUrl: appUrlOf(matches),
  });

export default function PrivacyPolicy() {
  return <PrivacyPolicyPage />;
}
