import type { Rating } from '@app/domain';

const reviewsText = (count: number) => (count === 1 ? '1 review' : `${count} reviews`);

/**
 * A business's rating (its card, its page): '★ 4.6 (23)' once there is an average (the API gives one from 3 reviews
 * up), else 'New' or '2 reviews'; `spoken` is what a screen reader says instead of the glyphs.
 */
export function ratingBadge(rating: Rating): { visible: string; spoken: string; hasAverage: boolean } {
  if (rating.average === null) {
    if (rating.count === 0) return { visible: 'New', spoken: 'New: no reviews yet', hasAverage: false };
    return { visible: reviewsText(rating.count), spoken: reviewsText(rating.count), hasAverage: false };
  }
  const average = rating.average.toFixed(1);
  return {
    visible: `★ ${average} (${rating.count})`,
    spoken: `Rated ${average} out of 5 from ${reviewsText(rating.count)}`,
    hasAverage: true,
  };
}
