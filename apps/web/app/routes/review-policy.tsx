import { paths } from '@/config/paths';
import { ReviewPolicyPage } from '@/features/legal/components/review-policy-page';
import { appUrlOf, pageMeta } from '../seo';
import type { Route } from './+types/review-policy';

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: paths.reviewPolicy.title,
    description:
      'How verified reviews work on TrimTime NI: who may write one, what is published and how reports are handled.',
    path: paths.reviewPolicy.getHref(),
    appUrl: appUrlOf(matches),
  });

export default function ReviewPolicy() {
  return <ReviewPolicyPage />;
}
