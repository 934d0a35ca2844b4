import { REVIEW_MAX_RATING, type Review } from '@app/domain';
import { Group, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { formatShortDate } from '@/lib/booking-format';
import classes from './dashboard-reviews.module.css';

/**
 * The stars, read out as '4 out of 5 stars'; `isDecorative` when the text beside them says the
 * figure (the average's rounded stars would only repeat it less exactly).
 */
export function ReviewStars({ rating, isDecorative = false }: { rating: number; isDecorative?: boolean }) {
  const filled = Math.max(0, Math.min(REVIEW_MAX_RATING, Math.round(rating)));
  const label = isDecorative
    ? { 'aria-hidden': true as const }
    : { role: 'img', 'aria-label': `${rating} out of ${REVIEW_MAX_RATING} stars` };
  return (
    <span {...label} className={classes.stars}>
      <span aria-hidden="true">{'★'.repeat(filled)}</span>
      <span aria-hidden="true" className={classes.emptyStar}>
        {'☆'.repeat(REVIEW_MAX_RATING - filled)}
      </span>
    </span>
  );
}

/** The accessible name of a review's card: 'Aisling B., visited Sat 5 Dec 2026'. */
export const reviewCardName = (review: Pick<Review, 'authorName' | 'visitedOn'>) =>
  `${review.authorName}, visited ${formatShortDate(review.visitedOn)}`;

/**
 * A review as both dashboard tabs show it: stars, author, visit date and the comment, as plain text
 * (React escapes it; it is never rendered as HTML). `heading` goes above it (the Admin's business name).
 */
export function ReviewSummary({ review, heading }: { review: Review; heading?: ReactNode }) {
  return (
    <Stack gap={6}>
      {heading}
      <Group gap="xs" wrap="wrap" align="center">
        <ReviewStars rating={review.rating} />
        <Text fw={600} className={classes.minWidth0}>
          {review.authorName}
          <Text span c="dimmed" fw={400} size="sm">
            {' '}
            · visited {formatShortDate(review.visitedOn)}
          </Text>
        </Text>
      </Group>
      {review.comment.trim() ? (
        <Text size="sm" className={classes.text}>
          {review.comment}
        </Text>
      ) : (
        <Text size="sm" c="dimmed" fs="italic">
          No comment, just the stars.
        </Text>
      )}
    </Stack>
  );
}
