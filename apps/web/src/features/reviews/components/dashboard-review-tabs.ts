// The dashboard's review tabs in one chunk, which the dashboard loads when one of them opens (or
// ahead, once the page is idle): they are not needed for its first paint.
export { BusinessReviewsPanel } from './business-reviews-panel';
export { ReportedReviewsPanel } from './reported-reviews-panel';
