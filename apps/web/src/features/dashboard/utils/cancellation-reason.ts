// The cancellation reason's rule on its own, so it can load after the dashboard's first page: its
// profanity check brings the word list, which Manage Requests does not need until a Cancel is
// pressed (scripts/quality/bundle.mjs keeps this file off the /admin route's first load).
export { cancellationReasonError } from '@app/domain';
