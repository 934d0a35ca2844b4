import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse } from '@/testing/fetch-stub';
import {
  FIRST_RENDER,
  makeReview,
  renderReviewsTab,
  reviewsPage,
} from '../testing/dashboard-review-fixtures';

const newest = makeReview({
  id: 'review-3',
  rating: 4,
  authorName: 'Aisling B.',
  visitedOn: '2026-11-20',
  comment: 'Great fade. <b>Best</b> in town\nWill be back.',
});
const older = makeReview({
  id: 'review-2',
  rating: 5,
  authorName: 'Conor M.',
  visitedOn: '2026-11-18',
  comment: '',
});
const oldest = makeReview({ id: 'review-1', rating: 3, authorName: 'Niamh D.', visitedOn: '2026-11-02' });

const tabNames = () => screen.getAllByRole('tab').map((tab) => tab.textContent);

describe('the Reviews tab of the dashboard', () => {
  it("shows the business's reviews newest first, with the average and count, stars read out and comments as text", async () => {
    const { api } = renderReviewsTab();
    api.on(
      'GET',
      '/api/booking/reviews',
      jsonResponse(200, reviewsPage([newest, older], { average: 4.3, count: 12 })),
    );

    const first = await screen.findByRole(
      'article',
      { name: 'Aisling B., visited Fri 20 Nov 2026' },
      FIRST_RENDER,
    );
    expect(screen.getByRole('tab', { name: 'Reviews' })).toHaveAttribute('aria-selected', 'true');
    expect(api.callsTo('GET', '/api/booking/reviews')[0]!.query.get('businessId')).toBe('business-1');
    expect(screen.getByText('4.3 out of 5 from 12 reviews')).toBeInTheDocument();
    // The average's stars only repeat its figure: a screen reader hears each review's stars alone.
    expect(screen.getAllByRole('img', { name: /out of 5 stars/ })).toHaveLength(2);

    const cards = within(screen.getByRole('list', { name: 'Your reviews' })).getAllByRole('article');
    expect(cards.map((card) => card.getAttribute('aria-label'))).toEqual([
      'Aisling B., visited Fri 20 Nov 2026',
      'Conor M., visited Wed 18 Nov 2026',
    ]);
    expect(within(first).getByRole('img', { name: '4 out of 5 stars' })).toBeInTheDocument();
    // Markup in a comment is its text, never HTML.
    expect(within(first).getByText(/<b>Best<\/b> in town/)).toBeInTheDocument();
    expect(first.querySelector('b')).toBeNull();
    expect(within(cards[1]!).getByRole('img', { name: '5 out of 5 stars' })).toBeInTheDocument();
    expect(within(cards[1]!).getByText('No comment, just the stars.')).toBeInTheDocument();
  });

  it('says that a business cannot hide or delete a review, and links to the review policy', async () => {
    const { api } = renderReviewsTab();
    api.on('GET', '/api/booking/reviews', jsonResponse(200, reviewsPage([newest])));
    await screen.findByRole('article', { name: 'Aisling B., visited Fri 20 Nov 2026' }, FIRST_RENDER);
    expect(screen.getByText(/you cannot hide or delete a review/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Read the review policy' })).toHaveAttribute(
      'href',
      '/review-policy',
    );
    expect(screen.queryByRole('button', { name: /hide|delete/i })).not.toBeInTheDocument();
  });

  it("pages with 'Show more' until there is no next page", async () => {
    const { user, api } = renderReviewsTab();
    api
      .on(
        'GET',
        '/api/booking/reviews',
        jsonResponse(200, reviewsPage([newest, older], { nextCursor: 'page-2', count: 3 })),
      )
      .on('GET', '/api/booking/reviews', jsonResponse(200, reviewsPage([oldest], { count: 3 })));
    await screen.findByRole('article', { name: 'Conor M., visited Wed 18 Nov 2026' }, FIRST_RENDER);

    await user.click(screen.getByRole('button', { name: 'Show more' }));
    expect(
      await screen.findByRole('article', { name: 'Niamh D., visited Mon 2 Nov 2026' }),
    ).toBeInTheDocument();
    expect(api.callsTo('GET', '/api/booking/reviews').map((call) => call.query.get('cursor'))).toEqual([
      null,
      'page-2',
    ]);
    expect(screen.queryByRole('button', { name: 'Show more' })).not.toBeInTheDocument();
    expect(within(screen.getByRole('list', { name: 'Your reviews' })).getAllByRole('article')).toHaveLength(
      3,
    );
  });

  it('says what will show there while there are no reviews, and why there is no average below 3', async () => {
    const { api } = renderReviewsTab();
    api.on('GET', '/api/booking/reviews', jsonResponse(200, reviewsPage([], { average: null, count: 0 })));
    expect(await screen.findByText('No reviews yet.', {}, FIRST_RENDER)).toBeInTheDocument();
    expect(screen.getByText(/When a customer reviews an appointment with you/)).toBeInTheDocument();
  });

  it('shows the count without an average below 3 reviews', async () => {
    const { api } = renderReviewsTab();
    api.on(
      'GET',
      '/api/booking/reviews',
      jsonResponse(200, reviewsPage([newest, older], { average: null, count: 2 })),
    );
    expect(
      await screen.findByText('2 reviews so far. Your average shows once you have 3.', {}, FIRST_RENDER),
    ).toBeInTheDocument();
  });

  it('is a tab for a business and for the Admin; Reported Reviews is the Admin’s alone', async () => {
    const business = renderReviewsTab();
    business.api.on('GET', '/api/booking/reviews', jsonResponse(200, reviewsPage([])));
    await screen.findByRole('tab', { name: 'Reviews' }, FIRST_RENDER);
    expect(tabNames()).toEqual([
      'Profile',
      'Set Hours',
      'Configuration',
      'Manage Requests',
      'Diary',
      'Reviews',
    ]);
    business.unmount();

    const admin = renderReviewsTab({ userType: 'Admin' });
    admin.api.on('GET', '/api/booking/reviews', jsonResponse(200, reviewsPage([])));
    await screen.findByRole('tab', { name: 'Reported Reviews' }, FIRST_RENDER);
    expect(tabNames()).toEqual([
      'Profile',
      'Set Hours',
      'Configuration',
      'Manage Requests',
      'Diary',
      'Reviews',
      'Invite Business',
      'Reported Reviews',
    ]);
  });
});
