// The dashboard's tabs other than Manage Requests, in one chunk that dashboard-page.tsx loads on demand
// (or ahead, once the page is idle): their forms, the form rules and the date picker are not needed
// for the dashboard's first paint.
export { BusinessProfileCard } from './business-profile-card';
export { ConfigurationPanel } from './configuration-panel';
export { DiaryPanel } from './diary-panel';
export { InviteBusinessPanel } from './invite-business-panel';
export { SetHoursPanel } from './set-hours-panel';
