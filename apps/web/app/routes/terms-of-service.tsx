import { paths } from '@/config/paths';
import { TermsOfServicePage } from '@/features/legal/components/terms-of-service-page';
import { appUrlOf, pageMeta } from '../seo';
import type { Route } from './+types/terms-of-service';

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: paths.termsOfService.title,
    description: 'The terms of using TrimTime NI to request and manage appointments.',
    path: paths.termsOfService.getHref(),
    appUrl: appUrlOf(matches),
  });

export default function TermsOfService() {
  return <TermsOfServicePage />;
}
