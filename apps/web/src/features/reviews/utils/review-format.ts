import { REVIEW_AVERAGE_MIN_COUNT } from '@app/domain';

/** '1 star', '4 stars': a star's name for screen readers. */
export const starsText = (stars: number) => (stars === 1 ? '1 star' : `${stars} stars`);

/** '1 review', '12 reviews'. */
export const reviewsText = (count: number) => (count === 1 ? '1 review' : `${count} reviews`);

/** 'Visited 12 November 2026' from the appointment's day (YYYY-MM-DD). */
export function visitedText(visitedOn: string): string {
  const day = new Date(`${visitedOn.slice(0, 10)}T12:00:00Z`);
  if (Number.isNaN(day.getTime())) return '';
  const text = day.toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
  return `Visited ${text}`;
}

/**
 * What a rating says to a screen reader: 'Rated 4.3 out of 5 from 12 reviews', or, below the
 * minimum for an average, how many reviews there are so far.
 */
export function ratingText(rating: { average: number | null; count: number }): string {
  if (rating.average === null || rating.count < REVIEW_AVERAGE_MIN_COUNT) {
    return rating.count === 0
      ? 'No reviews yet'
      : `Not enough reviews for a rating yet (${reviewsText(rating.count)})`;
  }
  return `Rated ${rating.average.toFixed(1)} out of 5 from ${reviewsText(rating.count)}`;
}
