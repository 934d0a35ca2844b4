import { REVIEW_MESSAGES, REVIEW_TEXT_MAX_LENGTH, type Review } from '@app/domain';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { doubleClick } from '@/testing/double-click';
import { apiErrorResponse, deferred, jsonResponse } from '@/testing/fetch-stub';
import {
  FIRST_RENDER,
  makeReview,
  renderReviewsTab,
  reviewChanged,
  reviewsPage,
} from '../testing/dashboard-review-fixtures';

const unanswered = makeReview({ id: 'review-1', authorName: 'Aisling B.', visitedOn: '2026-11-20' });
const answered = makeReview({
  id: 'review-2',
  authorName: 'Conor M.',
  visitedOn: '2026-11-18',
  rating: 5,
  reply: 'Thanks, Conor! See you next month.',
});
const cardOf = (name: string) => screen.getByRole('article', { name });
const AISLING = 'Aisling B., visited Fri 20 Nov 2026';
const CONOR = 'Conor M., visited Wed 18 Nov 2026';

/** Opens the Reviews tab; each later list answers one more read (the last one every read after). */
async function openReviews(...laterLists: Review[][]) {
  const rendered = renderReviewsTab();
  for (const reviews of [[unanswered, answered], ...laterLists])
    rendered.api.on('GET', '/api/booking/reviews', jsonResponse(200, reviewsPage(reviews)));
  await screen.findByRole('article', { name: AISLING }, FIRST_RENDER);
  return rendered;
}

describe('replying to a review from the dashboard', () => {
  it('asks for a reply before sending anything', async () => {
    const { user, api } = await openReviews();
    await user.click(within(cardOf(AISLING)).getByRole('button', { name: 'Reply' }));
    const form = within(cardOf(AISLING)).getByRole('form', { name: 'Reply to this review' });
    expect(within(form).getByRole('textbox', { name: 'Your reply' })).toHaveFocus();

    await user.click(within(form).getByRole('button', { name: 'Post reply' }));
    expect(within(form).getByText(REVIEW_MESSAGES.replyRequired)).toBeInTheDocument();
    // Spaces alone are no reply either.
    await user.type(within(form).getByRole('textbox', { name: 'Your reply' }), '   ');
    await user.click(within(form).getByRole('button', { name: 'Post reply' }));
    expect(within(form).getByText(REVIEW_MESSAGES.replyRequired)).toBeInTheDocument();
    expect(api.callsTo('PUT', '/api/booking/review-reply')).toHaveLength(0);
  });

  it(`says at once when a reply is over ${REVIEW_TEXT_MAX_LENGTH} characters, and does not send it`, async () => {
    const { user, api } = await openReviews();
    await user.click(within(cardOf(AISLING)).getByRole('button', { name: 'Reply' }));
    const textbox = screen.getByRole('textbox', { name: 'Your reply' });
    await user.click(textbox);
    await user.paste('a'.repeat(REVIEW_TEXT_MAX_LENGTH + 1));
    expect(screen.getByText(REVIEW_MESSAGES.replyTooLong)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Post reply' }));
    expect(api.callsTo('PUT', '/api/booking/review-reply')).toHaveLength(0);

    await user.type(textbox, '{Backspace}');
    expect(screen.queryByText(REVIEW_MESSAGES.replyTooLong)).not.toBeInTheDocument();
  });

  it("sends a double-tapped reply once, says the API's message and shows the saved reply", async () => {
    const saved = { ...unanswered, reply: 'Thank you, Aisling!' };
    const { user, api } = await openReviews([saved, answered]);
    const answer = deferred<Response>();
    api.on('PUT', '/api/booking/review-reply', () => answer.promise);

    await user.click(within(cardOf(AISLING)).getByRole('button', { name: 'Reply' }));
    await user.type(screen.getByRole('textbox', { name: 'Your reply' }), '  Thank you, Aisling!  ');
    doubleClick(screen.getByRole('button', { name: 'Post reply' }));
    answer.resolve(jsonResponse(200, reviewChanged('Reply saved', saved)));

    expect(await screen.findByText('Reply saved')).toBeInTheDocument();
    expect(api.callsTo('PUT', '/api/booking/review-reply')).toHaveLength(1);
    expect(api.callsTo('PUT', '/api/booking/review-reply')[0]!.body).toEqual({
      reviewId: 'review-1',
      reply: 'Thank you, Aisling!',
    });
    expect(await within(cardOf(AISLING)).findByText('Thank you, Aisling!')).toBeInTheDocument();
    expect(within(cardOf(AISLING)).queryByRole('form')).not.toBeInTheDocument();
    expect(within(cardOf(AISLING)).getByRole('button', { name: 'Edit reply' })).toBeInTheDocument();
  });

  it('edits a reply: the form starts with the reply as it is', async () => {
    const { user, api } = await openReviews();
    api.on('PUT', '/api/booking/review-reply', jsonResponse(200, reviewChanged('Reply saved', answered)));
    expect(within(cardOf(CONOR)).getByText('Thanks, Conor! See you next month.')).toBeInTheDocument();

    await user.click(within(cardOf(CONOR)).getByRole('button', { name: 'Edit reply' }));
    const form = within(cardOf(CONOR)).getByRole('form', { name: 'Edit your reply' });
    const textbox = within(form).getByRole('textbox', { name: 'Your reply' });
    expect(textbox).toHaveValue('Thanks, Conor! See you next month.');
    await user.type(textbox, ' Cheers!');
    await user.click(within(form).getByRole('button', { name: 'Save reply' }));

    expect(await screen.findByText('Reply saved')).toBeInTheDocument();
    expect(api.callsTo('PUT', '/api/booking/review-reply')[0]!.body).toEqual({
      reviewId: 'review-2',
      reply: 'Thanks, Conor! See you next month. Cheers!',
    });
  });

  it("keeps the reply and says the server's message when it is refused; Cancel leaves it unsent", async () => {
    const { user, api } = await openReviews();
    api.on(
      'PUT',
      '/api/booking/review-reply',
      apiErrorResponse(400, 'ValidationError', 'Reply contains inappropriate language'),
    );
    await user.click(within(cardOf(AISLING)).getByRole('button', { name: 'Reply' }));
    await user.type(screen.getByRole('textbox', { name: 'Your reply' }), 'Thanks');
    await user.click(screen.getByRole('button', { name: 'Post reply' }));
    expect(await screen.findByText('Reply contains inappropriate language')).toBeInTheDocument();
    expect(screen.getByText('Reply not saved')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Your reply' })).toHaveValue('Thanks');

    await user.click(within(cardOf(AISLING)).getByRole('button', { name: 'Cancel' }));
    expect(within(cardOf(AISLING)).queryByRole('textbox')).not.toBeInTheDocument();
    expect(api.callsTo('PUT', '/api/booking/review-reply')).toHaveLength(1);
  });
});
