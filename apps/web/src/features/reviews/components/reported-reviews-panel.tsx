import type { ReportedReview, ReviewModerationRequest } from '@app/domain';
import { Badge, Button, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { LoadErrorAlert } from '@/components/load-error-alert';
import { serverMessageOf } from '@/lib/server-message';
import { toast } from '@/lib/toast';
import { useSingleFlight } from '@/lib/use-single-flight';
import { reviewReportsQueryOptions } from '../api/get-review-reports';
import { usePutReviewModerationMutation } from '../api/put-review-moderation';
import { ReviewSummary, reviewCardName } from './dashboard-review-card';
import classes from './dashboard-reviews.module.css';
import { HideReviewDialog } from './hide-review-dialog';

const MODERATION_FAILED = 'Review not changed';
const MODERATION_FAILED_FALLBACK = 'Could not change the review. Please try again.';

const reportsCount = (count: number) => `Reported ${count === 1 ? 'once' : `${count} times`}`;

/** '5 Dec 2026' from an ISO instant, in the browser's clock. */
const formatReportedOn = (iso: string) =>
  new Date(iso).toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric' });

function ReportedReviewCard({
  review,
  onHide,
  onRestore,
  isRestoring,
}: {
  review: ReportedReview;
  onHide: () => void;
  onRestore: () => void;
  isRestoring: boolean;
}) {
  return (
    <Paper withBorder p={{ base: 'sm', sm: 'md' }} component="article" aria-label={reviewCardName(review)}>
      <Stack gap="sm">
        <ReviewSummary
          review={review}
          heading={
            <Group justify="space-between" gap="xs" wrap="wrap">
              <Title order={3} fz="h5" className={classes.text}>
                {review.businessName}
              </Title>
              {review.hidden ? (
                <Badge color="red" variant="light">
                  Hidden
                </Badge>
              ) : (
                <Badge color="gray" variant="light">
                  Visible
                </Badge>
              )}
            </Group>
          }
        />
        {review.reply !== null ? (
          <div className={classes.reply}>
            <Text size="sm" fw={600}>
              The business's reply
            </Text>
            <Text size="sm" className={classes.text}>
              {review.reply}
            </Text>
          </div>
        ) : null}
        {review.reportCount > 0 ? (
          <div>
            <Text size="sm" fw={600}>
              {reportsCount(review.reportCount)}
            </Text>
            <Stack component="ul" gap={4} className={classes.plainList} aria-label="Reasons given">
              {review.reports.map((report, index) => (
                // Reports carry no id; newest first, so the index is stable for one answer.
                // biome-ignore lint/suspicious/noArrayIndexKey: see above
                <li key={`${report.createdAt}-${index}`}>
                  <Text size="sm" className={classes.text}>
                    “{report.reason}”{' '}
                    <Text span c="dimmed" size="xs">
                      {formatReportedOn(report.createdAt)}
                    </Text>
                  </Text>
                </li>
              ))}
            </Stack>
          </div>
        ) : null}
        {review.hidden ? (
          <Text size="sm" className={classes.text}>
            <strong>Hidden because:</strong> {review.hiddenReason ?? 'no reason was recorded.'}
          </Text>
        ) : null}
        <Group>
          {review.hidden ? (
            <Button size="xs" variant="light" onClick={onRestore} loading={isRestoring}>
              Restore
            </Button>
          ) : (
            <Button size="xs" variant="light" color="red" onClick={onHide}>
              Hide
            </Button>
          )}
        </Group>
      </Stack>
    </Paper>
  );
}

/**
 * The Reported Reviews tab (the Admin, api-contract §8.6): every reported or hidden review, with its
 * business, its reports and their reasons; a review can be hidden with a reason, or restored.
 */
export function ReportedReviewsPanel() {
  const reports = useQuery(reviewReportsQueryOptions());
  const moderate = usePutReviewModerationMutation();
  const sending = useSingleFlight();
  const [hiding, setHiding] = useState<ReportedReview | null>(null);
  const [restoringId, setRestoringId] = useState<string | null>(null);

  /** Sends a change; its success toast is the API's message. Resolves whether it was saved. */
  const change = (request: ReviewModerationRequest): Promise<boolean> =>
    moderate.mutateAsync(request).then(
      (response) => {
        toast.success(response.message);
        return true;
      },
      (failure: unknown) => {
        toast.error({
          title: MODERATION_FAILED,
          message: serverMessageOf(failure, { includeStatusText: true }) ?? MODERATION_FAILED_FALLBACK,
        });
        return false;
      },
    );

  const restore = (review: ReportedReview) => {
    setRestoringId(review.id);
    void sending
      .run(() => change({ reviewId: review.id, hidden: false }))
      ?.finally(() => setRestoringId(null));
  };

  const list = reports.data?.reviews ?? [];

  return (
    <Stack gap="md" component="section" aria-labelledby="reported-reviews-title">
      <div>
        <Title order={2} fz="h3" id="reported-reviews-title">
          Reported Reviews
        </Title>
        <Text size="sm" c="dimmed">
          Reviews someone reported, and reviews you hid. A hidden review leaves the business's page and its
          average, and its author and the business are emailed your reason. Restore puts it back.
        </Text>
      </div>
      {reports.isPending ? (
        <Group justify="center" py="lg">
          <Loader size="sm" aria-label="Loading reported reviews" />
        </Group>
      ) : reports.isError ? (
        <LoadErrorAlert
          message="We could not load the reported reviews."
          onRetry={() => void reports.refetch()}
          isRetrying={reports.isFetching}
        />
      ) : list.length === 0 ? (
        <Text size="sm">
          No reported reviews. When someone reports a review, it shows here with their reasons, and you can
          hide it or leave it up.
        </Text>
      ) : (
        <Stack gap="sm" component="ul" className={classes.plainList} aria-label="Reported and hidden reviews">
          {list.map((review) => (
            <li key={review.id}>
              <ReportedReviewCard
                review={review}
                onHide={() => setHiding(review)}
                onRestore={() => restore(review)}
                isRestoring={restoringId === review.id}
              />
            </li>
          ))}
        </Stack>
      )}
      <HideReviewDialog
        review={hiding}
        onClose={() => setHiding(null)}
        onHide={(review, reason) => change({ reviewId: review.id, hidden: true, reason })}
      />
    </Stack>
  );
}
