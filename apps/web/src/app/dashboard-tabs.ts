import type { AddedDashboardTab } from '@/features/dashboard/components/dashboard-page';
import { preloadable } from '@/lib/preloadable';

// The tabs other features put in the business dashboard. Their code loads when one opens, or with
// the dashboard's other tabs once the page is idle (off its first load: npm run test:bundle).
const loadReviewTabs = () => import('@/features/reviews/components/dashboard-review-tabs');

export const DASHBOARD_ADDED_TABS: readonly AddedDashboardTab[] = [
  {
    value: 'reviews',
    label: 'Reviews',
    Panel: preloadable(() => loadReviewTabs().then((m) => m.BusinessReviewsPanel)),
  },
  {
    value: 'reported-reviews',
    label: 'Reported Reviews',
    adminOnly: true,
    Panel: preloadable(() => loadReviewTabs().then((m) => m.ReportedReviewsPanel)),
  },
];
