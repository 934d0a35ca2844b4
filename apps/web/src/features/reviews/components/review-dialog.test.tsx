import { REVIEW_MESSAGES, REVIEW_TEXT_MAX_LENGTH } from '@app/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { doubleClick } from '@/testing/double-click';
import { apiErrorResponse, deferred, jsonResponse, stubFetch } from '@/testing/fetch-stub';
import {
  makeBooking,
  makeMyReview,
  myReviewsResponse,
  renderCustomerBookings,
  reviewSaved,
} from '../testing/review-fixtures';
import { REVIEW_SAVED, REVIEW_UPDATED } from './review-dialog';

// Friday 20 November 2026, noon: the 19th's appointment has ended, within the 30 days.
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-11-20T12:00:00Z'));
});
afterEach(() => {
  vi.useRealTimers();
});

const ended = makeBooking({
  id: 'past-1',
  Status: 'Approved',
  BookingDateTime: '2026-11-19 11:00',
  BusinessName: 'Old Cuts',
  FinalPrice: 25,
});
const ENDED_CARD = 'Old Cuts, Thu 19 Nov 2026, 11:00';
const MY_REVIEWS = '/api/booking/my-reviews';

async function openDialog(name: 'Write a review' | 'Edit your review') {
  const card = await screen.findByRole('article', { name: ENDED_CARD });
  const button = await within(card).findByRole('button', { name });
  button.click();
  return screen.findByRole('dialog', { name });
}

describe('the customer reviews a past appointment from its card (api-contract §8.6)', () => {
  it("offers 'Write a review' only on an agreed appointment that has ended, within 30 days", async () => {
    const upcoming = makeBooking({
      id: 'up-1',
      Status: 'Approved',
      BookingDateTime: '2026-12-05 10:00',
      BusinessName: 'New Cuts',
    });
    const tooOld = makeBooking({
      id: 'old-1',
      Status: 'Confirmed',
      BookingDateTime: '2026-10-01 10:00',
      BusinessName: 'Far Cuts',
    });
    const denied = makeBooking({
      id: 'den-1',
      Status: 'Denied',
      BookingDateTime: '2026-11-18 10:00',
      BusinessName: 'No Cuts',
    });
    const api = stubFetch().on('GET', MY_REVIEWS, jsonResponse(200, myReviewsResponse([])));
    const { user } = renderCustomerBookings([ended, upcoming, tooOld, denied], api);

    // The panel opens on the upcoming appointment; the ended ones are under Past.
    await user.click(await screen.findByRole('tab', { name: 'Past (2)' }));
    const card = await screen.findByRole('article', { name: ENDED_CARD });
    expect(await within(card).findByRole('button', { name: 'Write a review' })).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: /review/ })).toHaveLength(1);
    expect(api.callsTo('GET', MY_REVIEWS)).toHaveLength(1);
  });

  it("does not ask for the customer's reviews when no booking may be reviewed", async () => {
    const upcoming = makeBooking({ id: 'up-1', Status: 'Approved', BookingDateTime: '2026-12-05 10:00' });
    const api = stubFetch();
    renderCustomerBookings([upcoming], api);
    await screen.findByRole('article', { name: /Sat 5 Dec 2026, 10:00/ });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(api.callsTo('GET', MY_REVIEWS)).toHaveLength(0);
  });

  it('chooses the stars with the keyboard (a radio group named Rating, each star named) and publishes once however often it is sent', async () => {
    const response = deferred<Response>();
    const api = stubFetch()
      .on('GET', MY_REVIEWS, jsonResponse(200, myReviewsResponse([])))
      .on(
        'GET',
        MY_REVIEWS,
        jsonResponse(200, myReviewsResponse([makeMyReview({ bookingId: 'past-1', rating: 4 })])),
      )
      .on('POST', '/api/booking/review', () => response.promise);
    const { user } = renderCustomerBookings([ended], api);

    const dialog = await openDialog('Write a review');
    const group = within(dialog).getByRole('group', { name: 'Rating' });
    within(group).getByRole('radio', { name: '1 star' }).focus();
    await user.keyboard('{ArrowRight}{ArrowRight}{ArrowRight}');
    expect(within(group).getByRole('radio', { name: '4 stars' })).toBeChecked();
    expect(dialog).toHaveTextContent('4 stars out of 5');
    await user.type(within(dialog).getByRole('textbox', { name: /Your review/ }), '  Sharp fade.  ');

    doubleClick(within(dialog).getByRole('button', { name: 'Publish Review' }));
    doubleClick(within(dialog).getByRole('button', { name: 'Publish Review' }));
    await waitFor(() => expect(api.callsTo('POST', '/api/booking/review')).toHaveLength(1));
    response.resolve(jsonResponse(201, reviewSaved({ rating: 4, comment: 'Sharp fade.' })));

    expect(await screen.findByText(REVIEW_SAVED)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.callsTo('POST', '/api/booking/review')).toHaveLength(1);
    expect(api.callsTo('POST', '/api/booking/review')[0]!.body).toEqual({
      bookingId: 'past-1',
      rating: 4,
      comment: 'Sharp fade.',
    });
    // The customer's reviews are read again: the card now offers the edit.
    const card = screen.getByRole('article', { name: ENDED_CARD });
    expect(await within(card).findByRole('button', { name: 'Edit your review' })).toBeInTheDocument();
  });

  it('asks for a rating first, and says at once when the comment is too long (nothing is sent)', async () => {
    const api = stubFetch().on('GET', MY_REVIEWS, jsonResponse(200, myReviewsResponse([])));
    const { user } = renderCustomerBookings([ended], api);
    const dialog = await openDialog('Write a review');

    await user.click(within(dialog).getByRole('button', { name: 'Publish Review' }));
    expect(within(dialog).getByText(REVIEW_MESSAGES.ratingRequired)).toBeInTheDocument();

    await user.click(within(dialog).getByRole('radio', { name: '5 stars' }));
    const comment = within(dialog).getByRole('textbox', { name: /Your review/ });
    await user.click(comment);
    await user.paste('a'.repeat(REVIEW_TEXT_MAX_LENGTH + 1));
    expect(within(dialog).getByText(REVIEW_MESSAGES.commentTooLong)).toBeInTheDocument();
    expect(
      within(dialog).getByText(`${REVIEW_TEXT_MAX_LENGTH + 1}/${REVIEW_TEXT_MAX_LENGTH}`),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Publish Review' }));
    expect(api.callsTo('POST', '/api/booking/review')).toHaveLength(0);

    await user.type(comment, '{Backspace}');
    expect(within(dialog).queryByText(REVIEW_MESSAGES.commentTooLong)).not.toBeInTheDocument();
  });

  it('edits the review with its stars and comment filled in, with PUT', async () => {
    const mine = makeMyReview({ bookingId: 'past-1', rating: 3, comment: 'Good, a bit rushed.' });
    const api = stubFetch()
      .on('GET', MY_REVIEWS, jsonResponse(200, myReviewsResponse([mine])))
      .on('PUT', '/api/booking/review', jsonResponse(200, reviewSaved({ rating: 4 })));
    const { user } = renderCustomerBookings([ended], api);

    const dialog = await openDialog('Edit your review');
    expect(within(dialog).getByRole('radio', { name: '3 stars' })).toBeChecked();
    const comment = within(dialog).getByRole('textbox', { name: /Your review/ });
    expect(comment).toHaveValue('Good, a bit rushed.');

    await user.click(within(dialog).getByRole('radio', { name: '4 stars' }));
    await user.clear(comment);
    await user.type(comment, 'Good.');
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));

    expect(await screen.findByText(REVIEW_UPDATED)).toBeInTheDocument();
    expect(api.callsTo('PUT', '/api/booking/review')[0]!.body).toEqual({
      bookingId: 'past-1',
      rating: 4,
      comment: 'Good.',
    });
    expect(api.callsTo('POST', '/api/booking/review')).toHaveLength(0);
  });

  it('tells the customer when the moderators have hidden their review', async () => {
    const mine = makeMyReview({ bookingId: 'past-1', hidden: true });
    const api = stubFetch().on('GET', MY_REVIEWS, jsonResponse(200, myReviewsResponse([mine])));
    renderCustomerBookings([ended], api);
    const dialog = await openDialog('Edit your review');
    expect(dialog).toHaveTextContent('The moderators have hidden this review');
  });

  it('offers no edit once the review can no longer change', async () => {
    const mine = makeMyReview({ bookingId: 'past-1', editableUntil: '2026-11-20T11:00:00.000Z' });
    const api = stubFetch().on('GET', MY_REVIEWS, jsonResponse(200, myReviewsResponse([mine])));
    renderCustomerBookings([ended], api);
    const card = await screen.findByRole('article', { name: ENDED_CARD });
    await waitFor(() => expect(api.callsTo('GET', MY_REVIEWS)).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(within(card).queryByRole('button', { name: /review/ })).not.toBeInTheDocument();
  });

  it("shows the API's refusal in the dialog and keeps what was written", async () => {
    const api = stubFetch()
      .on('GET', MY_REVIEWS, jsonResponse(200, myReviewsResponse([])))
      .on(
        'POST',
        '/api/booking/review',
        apiErrorResponse(409, 'AlreadyReviewed', REVIEW_MESSAGES.alreadyReviewed),
      );
    const { user } = renderCustomerBookings([ended], api);
    const dialog = await openDialog('Write a review');
    await user.click(within(dialog).getByRole('radio', { name: '2 stars' }));
    await user.click(within(dialog).getByRole('button', { name: 'Publish Review' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(REVIEW_MESSAGES.alreadyReviewed);
    expect(within(dialog).getByRole('radio', { name: '2 stars' })).toBeChecked();
  });
});
