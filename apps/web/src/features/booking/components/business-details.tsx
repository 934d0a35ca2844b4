import { type AvailableTimesResponse, onlinePaymentNotice, WEEKDAYS } from '@app/domain';
import { Paper, SimpleGrid, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { ratingBadge } from '@/lib/rating';

type PageBusiness = AvailableTimesResponse['business'];

/** 'Closed', or the day's ranges: '09:00–13:00, 14:00–17:30'. */
const hoursText = (ranges: { start: string; end: string }[] | undefined) =>
  ranges && ranges.length > 0 ? ranges.map((range) => `${range.start}–${range.end}`).join(', ') : 'Closed';

/**
 * What a visitor reads about a business before choosing a time (api-contract §9.1): its
 * description, its rating and its weekly hours. Server-rendered with the page.
 */
export function BusinessDetails({ business }: { business: PageBusiness }) {
  const rating = business.rating ? ratingBadge(business.rating) : null;
  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="business-about">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
        <Stack gap="xs">
          <Title order={2} fz="lg" id="business-about">
            About
          </Title>
          {rating ? (
            <Text fw={600} c={rating.hasAverage ? 'dark.6' : 'dimmed'}>
              <span aria-hidden="true">{rating.visible}</span>
              <VisuallyHidden>{rating.spoken}</VisuallyHidden>
            </Text>
          ) : null}
          {business.onlinePayment ? (
            <Text size="sm" fw={600}>
              {onlinePaymentNotice(business.onlinePayment)}.
            </Text>
          ) : null}
          {business.BusinessDescription ? (
            <Text style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
              {business.BusinessDescription}
            </Text>
          ) : null}
        </Stack>
        <Stack gap="xs">
          <Title order={2} fz="lg">
            Opening hours
          </Title>
          <dl
            style={{ margin: 0, display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 16, rowGap: 4 }}
          >
            {WEEKDAYS.map((day) => (
              <div key={day} style={{ display: 'contents' }}>
                <Text component="dt" size="sm" fw={600}>
                  {day}
                </Text>
                <Text
                  component="dd"
                  size="sm"
                  m={0}
                  c={business.availability[day]?.length ? undefined : 'dimmed'}
                >
                  {hoursText(business.availability[day])}
                </Text>
              </div>
            ))}
          </dl>
        </Stack>
      </SimpleGrid>
    </Paper>
  );
}
