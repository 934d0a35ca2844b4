import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { REVIEW_TEXT_MAX_LENGTH } from './review-limits';
import { appointmentEndsAt, REVIEW_MESSAGES, reviewBlocker, reviewWindowClosesAt } from './review-window';
import {
  ReviewModerationRequestSchema,
  ReviewRequestSchema,
  ratingAverage,
  reviewAuthorName,
} from './reviews';

describe('ratingAverage', () => {
  it('is null below 3 reviews', () => {
    expect(ratingAverage(0, 0)).toBeNull();
    expect(ratingAverage(5, 1)).toBeNull();
    expect(ratingAverage(10, 2)).toBeNull();
    expect(ratingAverage(15, 3)).toBe(5);
  });

  it('rounds half-up to one decimal, without binary-fraction surprises', () => {
    expect(ratingAverage(17, 4)).toBe(4.3); // 4.25
    expect(ratingAverage(87, 20)).toBe(4.4); // 4.35
    expect(ratingAverage(81, 20)).toBe(4.1); // 4.05
    expect(ratingAverage(13, 3)).toBe(4.3); // 4.333…
    expect(ratingAverage(14, 3)).toBe(4.7); // 4.666…
    expect(ratingAverage(29, 20)).toBe(1.5); // 1.45
    expect(ratingAverage(3, 3)).toBe(1);
  });

  it('is always within 0.05 of the mean, from 1 to 5, with one decimal', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 1, max: 5 }), { minLength: 3, maxLength: 500 }), (ratings) => {
        const sum = ratings.reduce((a, b) => a + b, 0);
        const average = ratingAverage(sum, ratings.length);
        expect(average).not.toBeNull();
        const mean = sum / ratings.length;
        expect(Math.abs((average as number) - mean)).toBeLessThanOrEqual(0.05 + 1e-9);
        expect(Number.isInteger(Math.round((average as number) * 10 * 1e6) / 1e6)).toBe(true);
        expect(average).toBeGreaterThanOrEqual(1);
        expect(average).toBeLessThanOrEqual(5);
      }),
    );
  });
});

describe('reviewAuthorName', () => {
  it('is the first name and the last name’s initial', () => {
    expect(reviewAuthorName('Aisling', 'Byrne')).toBe('Aisling B.');
    expect(reviewAuthorName(' Aisling ', ' byrne ')).toBe('Aisling B.');
    expect(reviewAuthorName('Aoife', 'Ó Néill')).toBe('Aoife Ó.');
    expect(reviewAuthorName('Cher', '')).toBe('Cher');
  });
});

describe('reviewBlocker', () => {
  // 10:00 in June is 09:00 UTC (BST): the hour ends at 10:00 UTC.
  const summer = { status: 'Approved' as const, bookingDateTime: '2026-06-10 10:00' };
  const at = (iso: string) => new Date(iso);

  it('opens when the appointment’s hour ends (Northern Ireland time, summer and winter)', () => {
    expect(appointmentEndsAt('2026-06-10 10:00').toISOString()).toBe('2026-06-10T10:00:00.000Z');
    expect(appointmentEndsAt('2026-12-05 10:00').toISOString()).toBe('2026-12-05T11:00:00.000Z');
    expect(reviewBlocker(summer, at('2026-06-10T09:59:59.999Z'))).toBe(REVIEW_MESSAGES.notYet);
    expect(reviewBlocker(summer, at('2026-06-10T10:00:00.000Z'))).toBeNull();
    expect(reviewBlocker(summer, at('2026-06-01T10:00:00.000Z'))).toBe(REVIEW_MESSAGES.notYet);
  });

  it('closes 30 days after the end: the last instant still counts', () => {
    expect(reviewWindowClosesAt('2026-06-10 10:00').toISOString()).toBe('2026-07-10T10:00:00.000Z');
    expect(reviewBlocker(summer, at('2026-07-10T10:00:00.000Z'))).toBeNull();
    expect(reviewBlocker(summer, at('2026-07-10T10:00:00.001Z'))).toBe(REVIEW_MESSAGES.tooLate);
  });

  it('allows only Approved and Confirmed bookings', () => {
    const later = at('2026-06-11T10:00:00.000Z');
    expect(reviewBlocker({ ...summer, status: 'Confirmed' }, later)).toBeNull();
    for (const status of ['Requested', 'Countered', 'Denied', 'Declined', 'Cancelled'] as const) {
      expect(reviewBlocker({ ...summer, status }, later)).toBe(REVIEW_MESSAGES.notReviewable);
    }
  });
});

describe('review requests', () => {
  const bookingId = 'b1';

  it('takes whole stars 1–5 as numbers only', () => {
    for (const rating of [1, 5])
      expect(ReviewRequestSchema.safeParse({ bookingId, rating }).success).toBe(true);
    for (const rating of [0, 6, 4.5, '5', null, undefined]) {
      const result = ReviewRequestSchema.safeParse({ bookingId, rating });
      expect(result.success, String(rating)).toBe(false);
      expect(result.error?.issues[0]?.message).toBe(REVIEW_MESSAGES.ratingRequired);
    }
  });

  it('takes an optional comment of at most 1,000 characters once trimmed, without profanity', () => {
    expect(ReviewRequestSchema.parse({ bookingId, rating: 4 }).comment).toBe('');
    const longest = 'a'.repeat(REVIEW_TEXT_MAX_LENGTH);
    expect(ReviewRequestSchema.safeParse({ bookingId, rating: 4, comment: ` ${longest} ` }).success).toBe(
      true,
    );
    const tooLong = ReviewRequestSchema.safeParse({ bookingId, rating: 4, comment: `${longest}a` });
    expect(tooLong.error?.issues[0]?.message).toBe(REVIEW_MESSAGES.commentTooLong);
    expect(ReviewRequestSchema.safeParse({ bookingId, rating: 4, comment: 'shit service' }).success).toBe(
      false,
    );
    expect(ReviewRequestSchema.parse({ bookingId, rating: 4, comment: '<b>Great</b>' }).comment).toBe(
      '<b>Great</b>',
    );
  });

  it('needs a reason to hide a review, none to restore it', () => {
    expect(ReviewModerationRequestSchema.safeParse({ reviewId: 'r', hidden: true }).success).toBe(false);
    expect(
      ReviewModerationRequestSchema.safeParse({ reviewId: 'r', hidden: true, reason: 'Spam' }).success,
    ).toBe(true);
    expect(ReviewModerationRequestSchema.safeParse({ reviewId: 'r', hidden: false }).success).toBe(true);
  });
});
