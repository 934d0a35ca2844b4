import { REVIEW_MESSAGES, REVIEW_REASON_MAX_LENGTH } from '@app/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { doubleClick } from '@/testing/double-click';
import { apiErrorResponse, deferred, jsonResponse } from '@/testing/fetch-stub';
import {
  FIRST_RENDER,
  makeReportedReview,
  renderReviewsTab,
  reportedReviews,
  reviewChanged,
} from '../testing/dashboard-review-fixtures';

const reported = makeReportedReview({
  id: 'review-1',
  authorName: 'Aisling B.',
  visitedOn: '2026-11-20',
  rating: 1,
  comment: 'Rude and late.',
  businessName: 'Fade Factory',
});
const hidden = makeReportedReview({
  id: 'review-2',
  authorName: 'Conor M.',
  visitedOn: '2026-11-18',
  businessName: 'Malone Cuts',
  hidden: true,
  hiddenReason: 'Personal details of a member of staff',
  reportCount: 1,
  reports: [{ reason: 'Names my barber', createdAt: '2026-11-19T09:00:00.000Z' }],
});
const AISLING = 'Aisling B., visited Fri 20 Nov 2026';
const CONOR = 'Conor M., visited Wed 18 Nov 2026';
const cardOf = (name: string) => screen.getByRole('article', { name });

/** Opens Reported Reviews as the Admin; each later list answers one more read. */
async function openReported(...laterLists: (typeof reported)[][]) {
  const rendered = renderReviewsTab({ userType: 'Admin', tab: 'reported-reviews' });
  for (const reviews of [[reported, hidden], ...laterLists])
    rendered.api.on('GET', '/api/booking/review-reports', jsonResponse(200, reportedReviews(reviews)));
  await screen.findByRole('article', { name: AISLING }, FIRST_RENDER);
  return rendered;
}

describe('the Reported Reviews tab (the Admin)', () => {
  it('shows each reported or hidden review with its business, stars, comment, reports and their reasons', async () => {
    await openReported();
    const first = cardOf(AISLING);
    expect(within(first).getByRole('heading', { name: 'Fade Factory' })).toBeInTheDocument();
    expect(within(first).getByRole('img', { name: '1 out of 5 stars' })).toBeInTheDocument();
    expect(within(first).getByText('Rude and late.')).toBeInTheDocument();
    expect(within(first).getByText('Reported 2 times')).toBeInTheDocument();
    const reasons = within(within(first).getByRole('list', { name: 'Reasons given' })).getAllByRole(
      'listitem',
    );
    expect(reasons.map((item) => item.textContent)).toEqual([
      '“Names a member of staff” 23 Nov 2026',
      '“Not a real visit” 22 Nov 2026',
    ]);
    expect(within(first).getByText('Visible')).toBeInTheDocument();
    expect(within(first).getByRole('button', { name: 'Hide' })).toBeInTheDocument();
    expect(within(first).queryByRole('button', { name: 'Restore' })).not.toBeInTheDocument();

    const second = cardOf(CONOR);
    expect(within(second).getByRole('heading', { name: 'Malone Cuts' })).toBeInTheDocument();
    expect(within(second).getByText('Reported once')).toBeInTheDocument();
    expect(within(second).getByText('Hidden')).toBeInTheDocument();
    expect(within(second).getByText(/Personal details of a member of staff/)).toBeInTheDocument();
    expect(within(second).getByRole('button', { name: 'Restore' })).toBeInTheDocument();
    expect(within(second).queryByRole('button', { name: 'Hide' })).not.toBeInTheDocument();
  });

  it('hides a review only with a reason, sends it once, says the API’s message and reads the list again', async () => {
    const { user, api } = await openReported([
      { ...reported, hidden: true, hiddenReason: 'Abusive' },
      hidden,
    ]);
    await user.click(within(cardOf(AISLING)).getByRole('button', { name: 'Hide' }));
    const dialog = screen.getByRole('dialog', { name: 'Hide this review' });
    const reason = within(dialog).getByRole('textbox', { name: /Reason/ });

    await user.click(within(dialog).getByRole('button', { name: 'Hide review' }));
    expect(within(dialog).getByText(REVIEW_MESSAGES.reasonRequired)).toBeInTheDocument();
    await user.click(reason);
    await user.paste('x'.repeat(REVIEW_REASON_MAX_LENGTH + 1));
    expect(within(dialog).getByText(REVIEW_MESSAGES.reasonTooLong)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Hide review' }));
    expect(api.callsTo('PUT', '/api/booking/review-moderation')).toHaveLength(0);

    await user.clear(reason);
    await user.type(reason, ' Abusive ');
    const answer = deferred<Response>();
    api.on('PUT', '/api/booking/review-moderation', () => answer.promise);
    doubleClick(within(dialog).getByRole('button', { name: 'Hide review' }));
    answer.resolve(jsonResponse(200, reviewChanged('Review hidden', reported)));

    expect(await screen.findByText('Review hidden')).toBeInTheDocument();
    expect(api.callsTo('PUT', '/api/booking/review-moderation')).toHaveLength(1);
    expect(api.callsTo('PUT', '/api/booking/review-moderation')[0]!.body).toEqual({
      reviewId: 'review-1',
      hidden: true,
      reason: 'Abusive',
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await within(cardOf(AISLING)).findByRole('button', { name: 'Restore' })).toBeInTheDocument();
    expect(api.callsTo('GET', '/api/booking/review-reports')).toHaveLength(2);
  });

  it('restores a hidden review and reads the list again', async () => {
    const { user, api } = await openReported([reported, { ...hidden, hidden: false, hiddenReason: null }]);
    api.on(
      'PUT',
      '/api/booking/review-moderation',
      jsonResponse(200, reviewChanged('Review restored', hidden)),
    );
    await user.click(within(cardOf(CONOR)).getByRole('button', { name: 'Restore' }));

    expect(await screen.findByText('Review restored')).toBeInTheDocument();
    expect(api.callsTo('PUT', '/api/booking/review-moderation')[0]!.body).toEqual({
      reviewId: 'review-2',
      hidden: false,
    });
    expect(await within(cardOf(CONOR)).findByRole('button', { name: 'Hide' })).toBeInTheDocument();
    expect(within(cardOf(CONOR)).getByText('Visible')).toBeInTheDocument();
  });

  it("keeps the dialog open with the server's message when hiding fails", async () => {
    const { user, api } = await openReported();
    api.on(
      'PUT',
      '/api/booking/review-moderation',
      apiErrorResponse(404, 'NotFound', REVIEW_MESSAGES.reviewNotFound),
    );
    await user.click(within(cardOf(AISLING)).getByRole('button', { name: 'Hide' }));
    const dialog = screen.getByRole('dialog', { name: 'Hide this review' });
    await user.type(within(dialog).getByRole('textbox', { name: /Reason/ }), 'Spam');
    await user.click(within(dialog).getByRole('button', { name: 'Hide review' }));
    expect(await screen.findByText(REVIEW_MESSAGES.reviewNotFound)).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Hide this review' })).toBeInTheDocument();
  });

  it('says what the tab is for while nothing is reported', async () => {
    const { api } = renderReviewsTab({ userType: 'Admin', tab: 'reported-reviews' });
    api.on('GET', '/api/booking/review-reports', jsonResponse(200, reportedReviews([])));
    expect(
      await screen.findByText(/No reported reviews\. When someone reports a review/, {}, FIRST_RENDER),
    ).toBeInTheDocument();
  });

  it('is not there for a business, which lands on Manage Requests instead', async () => {
    const { api } = renderReviewsTab({ userType: 'Business', tab: 'reported-reviews' });
    api.on('GET', '/api/booking/getallbookings', jsonResponse(200, { bookings: [], nextCursor: null }));
    expect(await screen.findByRole('tab', { name: 'Manage Requests' }, FIRST_RENDER)).toHaveAttribute(
      'aria-selected',
      'true',
    );
    expect(screen.queryByRole('tab', { name: 'Reported Reviews' })).not.toBeInTheDocument();
    expect(api.callsTo('GET', '/api/booking/review-reports')).toHaveLength(0);
  });
});
