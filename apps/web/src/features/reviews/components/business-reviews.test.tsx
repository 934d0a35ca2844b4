import { REVIEW_MESSAGES } from '@app/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiErrorResponse, jsonResponse, stubFetch } from '@/testing/fetch-stub';
import { makeReview, renderBookingPage, reviewsPage } from '../testing/review-fixtures';
import { REPORT_SENT } from './report-review-dialog';

const REVIEWS = '/api/booking/reviews';

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-12-01T09:00:00Z'));
});
afterEach(() => {
  vi.useRealTimers();
});

const reviewsSection = () => screen.findByRole('region', { name: 'Reviews' });

describe("a business's reviews on its booking page (api-contract §8.6)", () => {
  it('shows the average and count in words, the reviews newest first with author, visit day, stars and the reply', async () => {
    const api = stubFetch().on(
      'GET',
      REVIEWS,
      jsonResponse(
        200,
        reviewsPage(
          [
            makeReview({
              authorName: 'Aisling B.',
              rating: 4,
              visitedOn: '2026-11-12',
              reply: 'Thanks, see you soon!',
            }),
            makeReview({
              authorName: 'Conor M.',
              rating: 5,
              visitedOn: '2026-11-02',
              comment: 'Best in town.',
            }),
          ],
          { rating: { average: 4.3, count: 12 } },
        ),
      ),
    );
    renderBookingPage(api);

    const section = await reviewsSection();
    expect(await within(section).findByText('Rated 4.3 out of 5 from 12 reviews')).toBeInTheDocument();
    const articles = within(section).getAllByRole('article');
    expect(articles).toHaveLength(2);
    expect(articles[0]).toHaveAccessibleName('Aisling B.');
    expect(articles[1]).toHaveAccessibleName('Conor M.');
    const first = within(articles[0]!);
    expect(first.getByText('Visited 12 November 2026')).toBeInTheDocument();
    expect(first.getByText('4 stars out of 5')).toBeInTheDocument();
    // The stars are a picture hidden from screen readers: five grey and five gold, the gold cut to 4 of 5
    // (not Mantine's Rating, which draws every star in ten fractions).
    const stars = articles[0]!.querySelector('[aria-hidden="true"]:has(> span > svg)');
    expect(stars?.querySelectorAll('svg')).toHaveLength(10);
    expect(stars?.querySelector<HTMLElement>('[style]')?.style.width).toBe('80%');
    expect(first.getByText("Reply from Kelly's Cuts")).toBeInTheDocument();
    expect(first.getByText('Thanks, see you soon!')).toBeInTheDocument();
    expect(within(section).getByRole('link', { name: 'How reviews work' })).toHaveAttribute(
      'href',
      '/review-policy',
    );
    expect(api.callsTo('GET', REVIEWS)[0]!.query.get('businessId')).toBe('biz-1');
  });

  it('hides the average below 3 reviews and says how many there are', async () => {
    const api = stubFetch().on(
      'GET',
      REVIEWS,
      jsonResponse(200, reviewsPage([makeReview(), makeReview()], { rating: { average: null, count: 2 } })),
    );
    renderBookingPage(api);
    const section = await reviewsSection();
    expect(
      await within(section).findByText(/Not enough reviews for an average yet: 2 reviews so far/),
    ).toBeInTheDocument();
    expect(within(section).queryByText(/^Rated /)).not.toBeInTheDocument();
    expect(within(section).getAllByRole('article')).toHaveLength(2);
  });

  it('shows a comment with markup as the text it is, never as HTML', async () => {
    const comment = '<b>Great</b> <img src=x onerror="alert(1)"> cut';
    const api = stubFetch().on('GET', REVIEWS, jsonResponse(200, reviewsPage([makeReview({ comment })])));
    renderBookingPage(api);
    const section = await reviewsSection();
    const article = await within(section).findByRole('article');
    expect(within(article).getByText(comment)).toBeInTheDocument();
    expect(article.querySelector('b, img')).toBeNull();
  });

  it("reads the next page with 'Show more reviews' until there is none", async () => {
    const api = stubFetch()
      .on(
        'GET',
        REVIEWS,
        jsonResponse(200, reviewsPage([makeReview({ authorName: 'Page One' })], { nextCursor: 'c1' })),
      )
      .on('GET', REVIEWS, jsonResponse(200, reviewsPage([makeReview({ authorName: 'Page Two' })])));
    const { user } = renderBookingPage(api);
    const section = await reviewsSection();
    await within(section).findByText('Page One');

    await user.click(within(section).getByRole('button', { name: 'Show more reviews' }));
    expect(await within(section).findByText('Page Two')).toBeInTheDocument();
    expect(within(section).getByText('Page One')).toBeInTheDocument();
    expect(api.callsTo('GET', REVIEWS).map((call) => call.query.get('cursor'))).toEqual([null, 'c1']);
    expect(within(section).queryByRole('button', { name: 'Show more reviews' })).not.toBeInTheDocument();
  });

  it('reports a review with a reason (required), and shows the API message when the limit is reached', async () => {
    const review = makeReview({ id: 'r-7', authorName: 'Conor M.' });
    const api = stubFetch()
      .on('GET', REVIEWS, jsonResponse(200, reviewsPage([review])))
      .on('POST', '/api/booking/review-report', jsonResponse(201, { message: 'Reported' }))
      .on(
        'POST',
        '/api/booking/review-report',
        apiErrorResponse(429, 'RateLimited', 'Too many reports. Try again later.'),
      );
    const { user } = renderBookingPage(api);
    const section = await reviewsSection();

    await user.click(await within(section).findByRole('button', { name: 'Report the review by Conor M.' }));
    let dialog = await screen.findByRole('dialog', { name: 'Report this review' });
    await user.click(within(dialog).getByRole('button', { name: 'Send Report' }));
    expect(within(dialog).getByText(REVIEW_MESSAGES.reasonRequired)).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/booking/review-report')).toHaveLength(0);

    await user.type(within(dialog).getByRole('textbox', { name: /Reason/ }), 'Names another customer.');
    await user.click(within(dialog).getByRole('button', { name: 'Send Report' }));
    expect(await screen.findByText(REPORT_SENT)).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/booking/review-report')[0]!.body).toEqual({
      reviewId: 'r-7',
      reason: 'Names another customer.',
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(within(section).getByRole('button', { name: 'Report the review by Conor M.' }));
    dialog = await screen.findByRole('dialog', { name: 'Report this review' });
    await user.type(within(dialog).getByRole('textbox', { name: /Reason/ }), 'Again.');
    await user.click(within(dialog).getByRole('button', { name: 'Send Report' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Too many reports. Try again later.');
  });
});
