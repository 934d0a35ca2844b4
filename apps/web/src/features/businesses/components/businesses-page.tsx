import {
  type BusinessSummary,
  businessDisplayName,
  businessPersonName,
  initialsOf,
  MESSAGES,
  menuText,
  todayInLondon,
} from '@app/domain';
import {
  Alert,
  Avatar,
  Badge,
  Button,
  Container,
  Group,
  Loader,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { useDeferredValue, useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { BusinessAddress } from '@/components/business-address';
import { IconAlert, IconCalendar, IconMapPin } from '@/components/icons';
import { paths } from '@/config/paths';
import { ratingBadge } from '@/lib/rating';
import { activeFilterCount } from '../api/business-filters';
import { isStaleCursorError, useBusinessesSearch } from '../api/get-businesses';
import { useBusinessFilters } from '../hooks/use-business-filters';
import { formatNextFree } from '../utils/next-free';
import { BusinessFiltersBar } from './business-filters-bar';
import classes from './businesses-page.module.css';

const SKELETON_CARDS = 6;
export const BUSINESSES_INTRO =
  'Barbers and hair and beauty providers across Northern Ireland. Pick one, choose a time and offer your price.';
export const NO_MATCH_TEXT = 'No businesses match these filters';

/** '★ 4.6 (23)' from 3 reviews up, else 'New' or '2 reviews'; said in words to screen readers. */
function RatingLine({ rating }: { rating: BusinessSummary['rating'] | undefined }) {
  // NOTE: read defensively: a cached page from before ratings existed has none.
  if (!rating) return null;
  const badge = ratingBadge(rating);
  return (
    <Text size="sm" fw={600} c={badge.hasAverage ? 'dark.6' : 'dimmed'}>
      <span aria-hidden="true">{badge.visible}</span>
      <VisuallyHidden>{badge.spoken}</VisuallyHidden>
    </Text>
  );
}

function BusinessCard({ business, today }: { business: BusinessSummary; today: string }) {
  const nameId = `business-${business.id}-name`;
  const businessNameId = `business-${business.id}-business-name`;
  const personName = businessPersonName(business);
  // NOTE: read defensively: a cached page from before menus existed has none.
  const menu = menuText(business.services ?? []);
  return (
    <Paper
      component="article"
      withBorder
      p="lg"
      className={classes.card}
      aria-labelledby={nameId}
      tabIndex={-1}
    >
      <Group wrap="nowrap" align="flex-start" gap="md">
        <Avatar size={52} radius="xl" color="brand" variant="light" aria-hidden="true">
          {initialsOf(business.FirstName, business.LastName)}
        </Avatar>
        <Stack gap={2} miw={0}>
          {/* api-contract §9.1: the card leads with the business's name, and the whole card opens its
              page (the name's link covers the card; business-page.module.css). */}
          <Title order={2} fz="lg" id={nameId} className={classes.name}>
            <Link to={paths.booking.getHref(business.id)} className={classes.nameLink}>
              {businessDisplayName(business)}
            </Link>
          </Title>
          <Text c="dimmed" fw={500} id={businessNameId}>
            {personName}
          </Text>
          <RatingLine rating={business.rating} />
        </Stack>
      </Group>
      <BusinessAddress address={business.BusinessAddress} businessName={businessDisplayName(business)} />
      {business.BusinessDescription.trim() ? (
        <Text size="sm" c="dark.5" lineClamp={3}>
          {business.BusinessDescription}
        </Text>
      ) : null}
      {menu ? (
        <Text size="sm" fw={500} lineClamp={2}>
          {menu}
        </Text>
      ) : null}
      <Group gap={6} wrap="nowrap" c={business.nextAvailable ? 'brand.8' : 'dimmed'}>
        <IconCalendar size={16} aria-hidden="true" />
        <Text size="sm" fw={business.nextAvailable ? 600 : 400}>
          {business.nextAvailable
            ? `Next free: ${formatNextFree(business.nextAvailable, today)}`
            : formatNextFree(null, today)}
        </Text>
      </Group>
      <Group gap="xs">
        {typeof business.minimumPrice === 'number' ? (
          <Badge variant="light" color="brand" size="lg" radius="sm" tt="none">
            From £{business.minimumPrice}
          </Badge>
        ) : null}
        {business.homeVisitsEnabled ? (
          <Badge
            variant="light"
            color="copper"
            size="lg"
            radius="sm"
            tt="none"
            leftSection={<IconMapPin size={14} />}
          >
            Home visits
          </Badge>
        ) : null}
      </Group>
      <Button
        component={Link}
        to={paths.booking.getHref(business.id)}
        size="md"
        fullWidth
        className={classes.action}
        aria-describedby={`${nameId} ${businessNameId}`}
      >
        Request Now
      </Button>
    </Paper>
  );
}

function BusinessesSkeleton() {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="lg" aria-hidden="true">
      {Array.from({ length: SKELETON_CARDS }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
        <Paper key={index} withBorder p="lg" className={classes.card} data-testid="business-skeleton">
          <Group wrap="nowrap" gap="md">
            <Skeleton height={52} circle />
            <Stack gap={8} style={{ flex: 1 }}>
              <Skeleton height={16} width="70%" />
              <Skeleton height={12} width="50%" />
            </Stack>
          </Group>
          <Skeleton height={12} />
          <Skeleton height={12} width="85%" />
          <Skeleton height={42} mt="auto" />
        </Paper>
      ))}
    </SimpleGrid>
  );
}

const countText = (count: number) => `Showing ${count} ${count === 1 ? 'business' : 'businesses'}`;

/**
 * Spec §2 "Businesses list": public; every confirmed, listed business with a 'Request Now' link,
 * found by town, words, home visits, price and a free day, in pages (api-contract §8.5).
 */
export function BusinessesPage() {
  const { filters, setFilters, clearFilters } = useBusinessFilters();
  const {
    data,
    error,
    isError,
    refetch,
    isRefetching,
    fetchNextPage,
    hasNextPage,
    isFetchingNextPage,
    isFetchNextPageError,
    isPlaceholderData,
  } = useBusinessesSearch(filters);
  const grid = useRef<HTMLDivElement>(null);
  const today = todayInLondon();

  // The cards render from a deferred copy of the pages: React renders them in slices that yield to
  // the browser, rather than in one long task when the query's answer arrives.
  const pages = useDeferredValue(data);
  // Pages are disjoint, but a business seen twice (the list moved between pages) is shown once.
  const businesses = pages?.pages
    .flatMap((page) => page.businesses)
    .filter((business, index, all) => all.findIndex((other) => other.id === business.id) === index);
  const isFiltered = activeFilterCount(filters) > 0;
  const isLoading = !businesses || isPlaceholderData;

  // Keyboard and screen reader users carry on from the first business "Show more" added.
  const focusFrom = useRef<number | null>(null);
  useEffect(() => {
    const index = focusFrom.current;
    if (index === null || !businesses || businesses.length <= index) return;
    focusFrom.current = null;
    grid.current?.querySelectorAll<HTMLElement>('article')[index]?.focus();
  });

  const showMore = () => {
    if (isFetchingNextPage) return;
    focusFrom.current = businesses?.length ?? null;
    void fetchNextPage();
  };

  return (
    <Container size="lg" py={{ base: 'xl', sm: 48 }}>
      <Stack gap={6} mb={{ base: 'lg', sm: 'xl' }}>
        <Title order={1} fz={{ base: 28, sm: 36 }}>
          {paths.businesses.title}
        </Title>
        <Text c="dimmed" size="lg">
          {BUSINESSES_INTRO}
        </Text>
      </Stack>

      <BusinessFiltersBar filters={filters} onChange={setFilters} />

      <Text role="status" size="sm" c="dimmed" mb="sm" className={classes.count}>
        {isError && !businesses ? null : isLoading ? (
          <VisuallyHidden>Loading businesses...</VisuallyHidden>
        ) : businesses.length === 0 ? (
          <VisuallyHidden>{countText(0)}</VisuallyHidden>
        ) : (
          countText(businesses.length)
        )}
      </Text>

      {businesses ? (
        businesses.length === 0 ? (
          <Paper withBorder p="xl" ta="center">
            {isFiltered ? (
              <Stack align="center" gap="md">
                <Text size="lg" c="dimmed">
                  {NO_MATCH_TEXT}
                </Text>
                <Button variant="default" onClick={clearFilters}>
                  Clear filters
                </Button>
              </Stack>
            ) : (
              <Text size="lg" c="dimmed">
                {MESSAGES.noBusinessesFound}
              </Text>
            )}
          </Paper>
        ) : (
          <Stack gap="xl">
            <SimpleGrid
              ref={grid}
              cols={{ base: 1, sm: 2, lg: 3 }}
              spacing="lg"
              aria-busy={isPlaceholderData}
              className={classes.results}
            >
              {businesses.map((business) => (
                <BusinessCard key={business.id} business={business} today={today} />
              ))}
            </SimpleGrid>
            {isFetchNextPageError && !isStaleCursorError(error) ? (
              <Alert color="red" variant="light" title={MESSAGES.failedToLoadBusinesses} icon={<IconAlert />}>
                <Button variant="white" color="red" onClick={showMore}>
                  Try again
                </Button>
              </Alert>
            ) : hasNextPage && !isPlaceholderData ? (
              <Group justify="center">
                <Button
                  variant="default"
                  size="md"
                  onClick={showMore}
                  leftSection={isFetchingNextPage ? <Loader size="xs" aria-hidden="true" /> : null}
                >
                  {isFetchingNextPage ? 'Loading more...' : 'Show more'}
                </Button>
              </Group>
            ) : null}
          </Stack>
        )
      ) : isError ? (
        <Alert
          color="red"
          variant="light"
          title={MESSAGES.failedToLoadBusinesses}
          icon={<IconAlert />}
          maw={560}
        >
          <Stack gap="sm" align="flex-start">
            <Text size="sm">Check your connection and try again.</Text>
            <Button variant="white" color="red" onClick={() => refetch()} loading={isRefetching}>
              Try again
            </Button>
          </Stack>
        </Alert>
      ) : (
        <BusinessesSkeleton />
      )}
    </Container>
  );
}
