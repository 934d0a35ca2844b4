import { type Rating, REVIEW_AVERAGE_MIN_COUNT, type Review } from '@app/domain';
import { Anchor, Button, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { LoadErrorAlert } from '@/components/load-error-alert';
import { paths } from '@/config/paths';
import { useSession } from '@/lib/auth';
import { businessReviewsQueryOptions } from '../api/get-business-reviews';
import { ReviewStars, ReviewSummary, reviewCardName } from './dashboard-review-card';
import classes from './dashboard-reviews.module.css';
import { ReviewReplyForm } from './review-reply-form';

const reviewsCount = (count: number) => `${count} ${count === 1 ? 'review' : 'reviews'}`;

/** '4.3 out of 5 from 12 reviews', or why there is no average yet. */
function RatingHeader({ rating }: { rating: Rating }) {
  if (rating.average !== null) {
    return (
      <Group gap="xs" wrap="wrap">
        <ReviewStars rating={rating.average} isDecorative />
        <Text fw={600}>
          {rating.average.toFixed(1)} out of 5 from {reviewsCount(rating.count)}
        </Text>
      </Group>
    );
  }
  return (
    <Text size="sm" c="dimmed">
      {rating.count === 0
        ? 'No reviews yet.'
        : `${reviewsCount(rating.count)} so far. Your average shows once you have ${REVIEW_AVERAGE_MIN_COUNT}.`}
    </Text>
  );
}

/** One review with the business's reply, or the form to write or change it. */
function BusinessReviewCard({ review }: { review: Review }) {
  const [isReplying, setIsReplying] = useState(false);
  return (
    <Paper withBorder p={{ base: 'sm', sm: 'md' }} component="article" aria-label={reviewCardName(review)}>
      <Stack gap="sm">
        <ReviewSummary review={review} />
        {isReplying ? (
          <ReviewReplyForm review={review} onDone={() => setIsReplying(false)} />
        ) : (
          <>
            {review.reply !== null ? (
              <div className={classes.reply}>
                <Text size="sm" fw={600}>
                  Your reply
                </Text>
                <Text size="sm" className={classes.text}>
                  {review.reply}
                </Text>
              </div>
            ) : null}
            <Group>
              <Button size="xs" variant="light" onClick={() => setIsReplying(true)}>
                {review.reply !== null ? 'Edit reply' : 'Reply'}
              </Button>
            </Group>
          </>
        )}
      </Stack>
    </Paper>
  );
}

/**
 * The Reviews tab (api-contract §8.6): the business's reviews, newest first, with its average and
 * count, and a reply to each. Reviews come only from its customers after an appointment; the
 * business can answer them but never hide or delete them.
 */
export function BusinessReviewsPanel() {
  const { user } = useSession();
  const businessId = user?.id ?? '';
  const reviews = useInfiniteQuery({
    ...businessReviewsQueryOptions(businessId),
    enabled: businessId !== '',
  });
  const pages = reviews.data?.pages ?? [];
  const list = pages.flatMap((page) => page.reviews);
  // The newest page's rating is the latest word on the average.
  const rating = pages.at(-1)?.rating;

  return (
    <Stack gap="md" component="section" aria-labelledby="business-reviews-title">
      <div>
        <Title order={2} fz="h3" id="business-reviews-title">
          Reviews
        </Title>
        <Text size="sm" c="dimmed">
          Only customers who came to an appointment with you can review it. You can reply to each review and
          edit your reply, but you cannot hide or delete a review.{' '}
          <Anchor component={Link} to={paths.reviewPolicy.getHref()} size="sm" underline="always">
            Read the review policy
          </Anchor>
        </Text>
      </div>
      {reviews.isPending && businessId !== '' ? (
        <Group justify="center" py="lg">
          <Loader size="sm" aria-label="Loading reviews" />
        </Group>
      ) : reviews.isError && list.length === 0 ? (
        <LoadErrorAlert
          message="We could not load your reviews."
          onRetry={() => void reviews.refetch()}
          isRetrying={reviews.isFetching}
        />
      ) : (
        <>
          {rating ? <RatingHeader rating={rating} /> : null}
          {list.length === 0 ? (
            <Text size="sm">
              When a customer reviews an appointment with you, the review shows here and on your booking page,
              and you can reply to it.
            </Text>
          ) : (
            <Stack gap="sm" component="ul" className={classes.plainList} aria-label="Your reviews">
              {list.map((review) => (
                <li key={review.id}>
                  <BusinessReviewCard review={review} />
                </li>
              ))}
            </Stack>
          )}
          {reviews.hasNextPage ? (
            <Group justify="center">
              <Button
                variant="default"
                onClick={() => {
                  if (!reviews.isFetchingNextPage) void reviews.fetchNextPage();
                }}
                loading={reviews.isFetchingNextPage}
              >
                Show more
              </Button>
            </Group>
          ) : null}
        </>
      )}
    </Stack>
  );
}
