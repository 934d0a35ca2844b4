import {
  type Rating as RatingValue,
  REVIEW_AVERAGE_MIN_COUNT,
  REVIEW_MAX_RATING,
  type Review,
} from '@app/domain';
import { Anchor, Button, Group, Paper, Skeleton, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { lazy, type ReactNode, Suspense, useDeferredValue, useId, useState } from 'react';
import { Link } from 'react-router';
import { LoadErrorAlert } from '@/components/load-error-alert';
import { paths } from '@/config/paths';
import { useSession } from '@/lib/auth';
import { useBusinessReviews } from '../api/get-business-reviews';
import { ratingText, reviewsText, starsText, visitedText } from '../utils/review-format';
import classes from './reviews.module.css';

// The report form loads when someone first reports a review.
const ReportReviewDialog = lazy(() =>
  import('./report-review-dialog').then((m) => ({ default: m.ReportReviewDialog })),
);

const FAILED_TO_LOAD_REVIEWS = 'Reviews could not be loaded';

const STAR_PATH =
  'M12 17.75l-6.172 3.245l1.179 -6.873l-5 -4.867l6.9 -1l3.086 -6.253l3.086 6.253l6.9 1l-5 4.867l1.179 6.873z';
const FIVE = Array.from({ length: REVIEW_MAX_RATING }, (_, index) => `star-${index}`);

/**
 * Five stars filled up to `value` (fractions too), drawn as ten small SVGs: grey stars, and gold ones
 * over them cut to the value's width. It looks like Mantine's read-only Rating, which draws every
 * star in ten fractions (fifty SVGs and their wrappers for each rating on the page).
 */
function StarsPicture({ value, size }: { value: number; size: 'sm' | 'md' }) {
  const filled = `${(Math.min(Math.max(value, 0), REVIEW_MAX_RATING) / REVIEW_MAX_RATING) * 100}%`;
  const row = (name: string) => (
    <span className={classes.pictureRow}>
      {FIVE.map((key) => (
        <svg
          key={`${name}-${key}`}
          className={classes.pictureStar}
          viewBox="0 0 24 24"
          aria-hidden="true"
          focusable="false"
        >
          <path d={STAR_PATH} />
        </svg>
      ))}
    </span>
  );
  return (
    <span className={classes.picture} data-size={size} aria-hidden="true">
      {row('empty')}
      <span className={classes.pictureFill} style={{ width: filled }}>
        {row('filled')}
      </span>
    </span>
  );
}

/** Stars as a picture, with their meaning said once in words for screen readers. */
function Stars({ value }: { value: number }) {
  return (
    <>
      <StarsPicture value={value} size="sm" />
      <VisuallyHidden>{`${starsText(Math.round(value))} out of ${REVIEW_MAX_RATING}`}</VisuallyHidden>
    </>
  );
}

/** The average (only from 3 reviews up) and the count. */
function RatingSummary({ rating }: { rating: RatingValue }) {
  if (rating.average === null || rating.count < REVIEW_AVERAGE_MIN_COUNT) {
    return (
      <Text c="dimmed">
        {rating.count === 0
          ? 'No reviews yet.'
          : `Not enough reviews for an average yet: ${reviewsText(rating.count)} so far (an average shows from ${REVIEW_AVERAGE_MIN_COUNT}).`}
      </Text>
    );
  }
  return (
    <Group gap="sm" align="center">
      <VisuallyHidden>{ratingText(rating)}</VisuallyHidden>
      <Text className={classes.average} aria-hidden="true">
        {rating.average.toFixed(1)}
      </Text>
      <Stack gap={2} aria-hidden="true">
        <StarsPicture value={rating.average} size="md" />
        <Text size="sm" c="dimmed">
          {reviewsText(rating.count)}
        </Text>
      </Stack>
    </Group>
  );
}

function ReviewItem({
  review,
  businessName,
  onReport,
}: {
  review: Review;
  businessName: string;
  onReport: ((review: Review) => void) | null;
}) {
  const headingId = useId();
  return (
    <Paper component="article" withBorder p="md" radius="md" aria-labelledby={headingId}>
      <Stack gap="xs">
        <div>
          <Text fw={600} id={headingId}>
            {review.authorName}
          </Text>
          <Group gap="xs" align="center">
            <Stars value={review.rating} />
            <Text size="sm" c="dimmed">
              {visitedText(review.visitedOn)}
            </Text>
          </Group>
        </div>
        {/* Plain text as written: React escapes it, so markup in a comment shows as text. */}
        {review.comment ? <Text className={classes.text}>{review.comment}</Text> : null}
        {review.reply ? (
          <div className={classes.reply}>
            <Text size="sm" fw={600}>
              Reply from {businessName}
            </Text>
            <Text size="sm" className={classes.text}>
              {review.reply}
            </Text>
          </div>
        ) : null}
        {onReport ? (
          <Group justify="flex-end">
            <Button
              variant="subtle"
              color="gray"
              size="compact-sm"
              aria-haspopup="dialog"
              aria-label={`Report the review by ${review.authorName}`}
              onClick={() => onReport(review)}
            >
              Report
            </Button>
          </Group>
        ) : null}
      </Stack>
    </Paper>
  );
}

/**
 * A business's reviews on its booking page (api-contract §8.6): the rating, then the reviews newest
 * first, a page at a time, each with the business's reply; anyone signed in may report one.
 */
export function BusinessReviews({ businessId, businessName }: { businessId: string; businessName: string }) {
  const reviews = useBusinessReviews(businessId);
  const { isAuthenticated } = useSession();
  const [reported, setReported] = useState<Review | null>(null);
  const [hasReported, setHasReported] = useState(false);
  const headingId = useId();

  // The reviews render from a deferred copy of the pages: React renders them in slices that yield to
  // the browser, rather than in one long task when the query's answer arrives.
  const pages = useDeferredValue(reviews.data)?.pages ?? [];
  const rating = pages[0]?.rating;
  const list = pages.flatMap((page) => page.reviews);

  let content: ReactNode;
  if (!rating && !reviews.isError) {
    content = (
      <Stack gap="sm" aria-busy="true" aria-label="Loading reviews">
        <Skeleton height={36} width="40%" />
        <Skeleton height={96} />
      </Stack>
    );
  } else if (!rating) {
    content = (
      <LoadErrorAlert
        message={FAILED_TO_LOAD_REVIEWS}
        onRetry={() => reviews.refetch()}
        isRetrying={reviews.isFetching}
      />
    );
  } else {
    content = (
      <Stack gap="md">
        <RatingSummary rating={rating} />
        {list.length > 0 ? (
          <Stack gap="sm">
            {list.map((review) => (
              <ReviewItem
                key={review.id}
                review={review}
                businessName={businessName}
                onReport={
                  isAuthenticated
                    ? (chosen) => {
                        setHasReported(true);
                        setReported(chosen);
                      }
                    : null
                }
              />
            ))}
          </Stack>
        ) : null}
        {reviews.hasNextPage ? (
          <Button
            variant="default"
            onClick={() => reviews.fetchNextPage()}
            loading={reviews.isFetchingNextPage}
            w="fit-content"
          >
            Show more reviews
          </Button>
        ) : null}
        {reviews.isFetchNextPageError ? (
          <Text size="sm" c="red" role="alert">
            More reviews could not be loaded. Try again.
          </Text>
        ) : null}
      </Stack>
    );
  }

  return (
    <Paper withBorder p={{ base: 'md', sm: 'xl' }} component="section" aria-labelledby={headingId}>
      <Stack gap="md">
        <Group justify="space-between" align="baseline" gap="xs">
          <Title order={2} fz={{ base: 20, sm: 24 }} id={headingId}>
            Reviews
          </Title>
          <Anchor component={Link} to={paths.reviewPolicy.getHref()} size="sm">
            How reviews work
          </Anchor>
        </Group>
        <Text size="sm" c="dimmed">
          Only customers of an appointment that took place can review it.
        </Text>
        {content}
      </Stack>
      {hasReported ? (
        <Suspense fallback={null}>
          <ReportReviewDialog review={reported} onClose={() => setReported(null)} />
        </Suspense>
      ) : null}
    </Paper>
  );
}
