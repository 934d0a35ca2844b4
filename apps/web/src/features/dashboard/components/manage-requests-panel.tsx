import {
  ADMIN_LIST_SHOWN,
  BOOKING_LINK_PARAM,
  type Booking,
  holdsSlot,
  MESSAGES,
  todayInLondon,
} from '@app/domain';
import {
  Button,
  Group,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { Suspense, useDeferredValue, useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { IconCalendar, IconScissors } from '@/components/icons';
import { LoadErrorAlert } from '@/components/load-error-alert';
import { paths } from '@/config/paths';
import { bookingDateOf } from '@/lib/booking-format';
import { preloadable } from '@/lib/preloadable';
import {
  type BusinessBookingsFilter,
  historyFilter,
  pendingFilter,
  upcomingFilter,
} from '../api/get-business-bookings';
import { useBusinessBookingPages } from '../api/use-business-bookings';
import { groupRequests, REQUEST_SECTIONS, type RequestSection } from '../utils/requests';
import classes from './dashboard.module.css';
import { RequestCard } from './request-card';

// The calendar (Mantine's date picker, dayjs) loads when first opened, or ahead once the page is idle.
const BookingCalendarModal = preloadable(() =>
  import('./booking-calendar-modal').then((m) => m.BookingCalendarModal),
);
export const preloadBookingCalendar = BookingCalendarModal.preload;

/** Sections whose lists show the first ADMIN_LIST_SHOWN, with 'Show all' (spec §2, §9). */
const CAPPED_SECTIONS: ReadonlySet<RequestSection> = new Set(['approved', 'denied']);

const SECTION_EMPTY: Record<RequestSection, string> = {
  pending: 'No pending requests.',
  countered: 'No counter offers waiting for a reply.',
  approved: 'No approved bookings yet.',
  denied: 'No denied requests.',
};

const SECTION_HINT: Record<RequestSection, string | null> = {
  pending: 'Approve, counter or deny each request.',
  countered: 'Waiting for the customer to accept or decline your price.',
  approved: 'Approved requests and accepted counter offers.',
  denied:
    'Requests you denied, counter offers the customer declined, and cancelled requests and appointments.',
};

const sectionId = (section: RequestSection) => `requests-${section}`;

/** A section's next page: its label ('Load more', or 'Show older' for the history) and loader. */
interface MorePages {
  label: string;
  load: () => unknown;
  isLoading: boolean;
  failed: boolean;
}

/** An infinite query's next page as a section offers it, or null once it has every page. */
function morePages(
  query: ReturnType<typeof useBusinessBookingPages>,
  label: 'Load more' | 'Show older',
): MorePages | null {
  if (!query.hasNextPage) return null;
  return {
    label,
    load: () => query.fetchNextPage(),
    isLoading: query.isFetchingNextPage,
    failed: query.isFetchNextPageError,
  };
}

/** A count with '+' while more pages may hold more. */
const countText = (count: number, hasMore: boolean) => `${count}${hasMore ? '+' : ''}`;

/** Another dashboard tab (the dashboard keeps its open tab in ?tab=). */
const dashboardTab = (tab: 'hours' | 'configuration') => ({
  pathname: paths.admin.getHref(),
  search: `?tab=${tab}`,
});

function StatCard({
  label,
  value,
  onClick,
  tone,
}: {
  label: string;
  value: string;
  onClick: () => void;
  tone: string;
}) {
  return (
    <UnstyledButton
      onClick={onClick}
      className={classes.statCard}
      aria-label={`${label}: ${value}`}
      data-tone={tone}
    >
      <Text className={classes.statValue} aria-hidden="true">
        {value}
      </Text>
      <Text size="sm" fw={600} c="dark.5" aria-hidden="true">
        {label}
      </Text>
    </UnstyledButton>
  );
}

function RequestList({
  section,
  bookings,
  more,
  highlightId,
}: {
  section: RequestSection;
  bookings: Booking[];
  more: MorePages | null;
  /** The booking a link named (an email's, `?booking=ID`): shown even past the first few, in view. */
  highlightId: string | null;
}) {
  const [showAll, setShowAll] = useState(
    () => bookings.findIndex((booking) => booking.id === highlightId) >= ADMIN_LIST_SHOWN,
  );
  const isCapped = CAPPED_SECTIONS.has(section) && bookings.length > ADMIN_LIST_SHOWN;
  const listed = isCapped && !showAll ? bookings.slice(0, ADMIN_LIST_SHOWN) : bookings;
  const shown = listed;
  const meta = REQUEST_SECTIONS.find((entry) => entry.value === section)!;
  const titleId = `${sectionId(section)}-title`;

  return (
    <section aria-labelledby={titleId} id={sectionId(section)} className={classes.requestSection}>
      <Group justify="space-between" align="baseline" gap="xs" mb={4}>
        <Title order={2} fz="lg" id={titleId} tabIndex={-1}>
          {meta.title}{' '}
          <Text span c="dimmed" fw={500} fz="md">
            ({countText(bookings.length, more !== null)})
          </Text>
        </Title>
      </Group>
      {SECTION_HINT[section] ? (
        <Text size="sm" c="dimmed" mb="sm">
          {SECTION_HINT[section]}
        </Text>
      ) : null}
      {bookings.length === 0 && !more ? (
        <Stack gap={4} align="flex-start" py="xs">
          <Text c="dimmed" size="sm">
            {SECTION_EMPTY[section]}
          </Text>
          {/* Nothing to answer: the next thing worth doing is making sure customers can book. */}
          {section === 'pending' ? (
            <Button component={Link} to={dashboardTab('hours')} variant="subtle" size="compact-sm" px={0}>
              Check your opening hours
            </Button>
          ) : null}
        </Stack>
      ) : (
        <>
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="sm" verticalSpacing="sm">
            {shown.map((booking) => (
              <RequestCard key={booking.id} booking={booking} isHighlighted={booking.id === highlightId} />
            ))}
          </SimpleGrid>
          <Group gap="xs" mt={isCapped || more ? 'xs' : 0}>
            {isCapped ? (
              <Button variant="subtle" px="xs" onClick={() => setShowAll((value) => !value)}>
                {showAll ? `Show first ${ADMIN_LIST_SHOWN}` : `Show all ${bookings.length}`}
              </Button>
            ) : null}
            {/* Every loaded booking first, then the next page. */}
            {more && (showAll || !isCapped) ? (
              <Button
                variant="subtle"
                px="xs"
                loading={more.isLoading}
                onClick={() => {
                  setShowAll(true);
                  void more.load();
                }}
              >
                {more.label}
              </Button>
            ) : null}
          </Group>
          {more?.failed ? (
            <Text size="sm" c="red.8" role="alert">
              {MESSAGES.failedToLoadData}
            </Text>
          ) : null}
        </>
      )}
    </section>
  );
}

function EmptyRequests() {
  return (
    <Paper withBorder p="xl">
      <Stack align="center" gap="xs" ta="center">
        <IconScissors size={32} />
        <Text fw={600}>No booking requests yet.</Text>
        <Text c="dimmed" size="sm" maw={420}>
          When customers ask for an appointment it shows here. Set your hours and minimum price so they can
          find a time that suits you.
        </Text>
        <Group gap="sm" justify="center" mt="xs">
          <Button component={Link} to={dashboardTab('hours')}>
            Set Hours
          </Button>
          <Button component={Link} to={dashboardTab('configuration')} variant="default">
            Set Minimum Price
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

/**
 * The Business's bookings as Manage Requests shows them (api-contract §8.5): every pending request
 * and counter offer, the appointments from today on, and the history loaded so far (appointments
 * before today, and requests that ended without one), each booking once.
 */
function shownBookings(pending: Booking[], upcoming: Booking[], history: Booking[], today: string) {
  const seen = new Set<string>();
  const shown: Booking[] = [];
  const past = history.filter((booking) => !holdsSlot(booking.Status) || bookingDateOf(booking) < today);
  for (const booking of [...pending, ...upcoming, ...past]) {
    if (seen.has(booking.id)) continue;
    seen.add(booking.id);
    shown.push(booking);
  }
  return shown;
}

/** A list's query and its bookings so far (every loaded page), once its first page is in. */
function useLoadedBookings(filter: BusinessBookingsFilter) {
  const query = useBusinessBookingPages(filter);
  const bookings = useMemo(() => query.data?.pages.flatMap((page) => page.bookings), [query.data]);
  return [query, bookings] as const;
}

/** The Manage Requests tab: stat cards, the four sections, and the booking calendar. */
export function ManageRequestsPanel() {
  const highlightId = useSearchParams()[0].get(BOOKING_LINK_PARAM);
  // The day the lists were split on: kept while the tab is open, so their queries stay the same.
  const [today] = useState(() => todayInLondon());
  const [pendingQuery, pending] = useLoadedBookings(pendingFilter());
  const [upcomingQuery, upcoming] = useLoadedBookings(upcomingFilter(today));
  const [historyQuery, history] = useLoadedBookings(historyFilter());
  const [isCalendarOpen, setIsCalendarOpen] = useState(false);
  // Mounted from its first opening on (its code loads then), so it can play its closing transition.
  const [hasCalendar, setHasCalendar] = useState(false);
  if (isCalendarOpen && !hasCalendar) setHasCalendar(true);
  // The sections render from a deferred copy of the lists: React renders them in slices that yield
  // to the browser, rather than in one long task when the queries' answers arrive.
  const loaded = useMemo(
    () => (pending && upcoming && history ? shownBookings(pending, upcoming, history, today) : undefined),
    [pending, upcoming, history, today],
  );
  const bookings = useDeferredValue(loaded);
  const groups = useMemo(() => groupRequests(bookings ?? []), [bookings]);
  const queries = [pendingQuery, upcomingQuery, historyQuery];

  if (!bookings) {
    if (queries.some((query) => query.isError)) {
      return (
        <LoadErrorAlert
          title={MESSAGES.failedToLoadData}
          message="We could not load your booking requests."
          onRetry={() => {
            for (const query of queries) if (query.isError) void query.refetch();
          }}
          isRetrying={queries.some((query) => query.isFetching)}
        />
      );
    }
    return (
      <Stack gap="md" aria-busy="true" aria-label="Loading your requests">
        <SimpleGrid cols={{ base: 2, sm: 3, md: 5 }} spacing="sm">
          {[...REQUEST_SECTIONS.map((section) => section.value), 'calendar'].map((key) => (
            <Skeleton key={key} height={84} radius="lg" />
          ))}
        </SimpleGrid>
        <Skeleton height={220} radius="lg" />
      </Stack>
    );
  }

  const morePending = morePages(pendingQuery, 'Load more');
  const moreOlder = morePages(historyQuery, 'Show older');
  const more: Record<RequestSection, MorePages | null> = {
    pending: morePending,
    countered: morePending,
    approved: morePages(upcomingQuery, 'Load more') ?? moreOlder,
    denied: moreOlder,
  };
  const nextAppointmentDate = upcoming?.[0] ? bookingDateOf(upcoming[0]) : null;

  const jumpTo = (section: RequestSection) => {
    const heading = document.getElementById(`${sectionId(section)}-title`);
    heading?.scrollIntoView({ behavior: 'smooth', block: 'start' });
    heading?.focus({ preventScroll: true });
  };

  return (
    <Stack gap="xl">
      <section aria-label="Request summary">
        <SimpleGrid cols={{ base: 2, sm: 3, md: 5 }} spacing="sm" verticalSpacing="sm">
          {REQUEST_SECTIONS.map((section) => (
            <StatCard
              key={section.value}
              label={section.stat}
              value={countText(groups[section.value].length, more[section.value] !== null)}
              tone={section.value}
              onClick={() => jumpTo(section.value)}
            />
          ))}
          <UnstyledButton
            onClick={() => setIsCalendarOpen(true)}
            className={classes.statCard}
            data-tone="calendar"
          >
            <span className={classes.statIcon} aria-hidden="true">
              <IconCalendar size={26} />
            </span>
            <Text size="sm" fw={600} c="dark.5">
              View Calendar
            </Text>
          </UnstyledButton>
        </SimpleGrid>
      </section>

      {bookings.length === 0 && Object.values(more).every((next) => next === null) ? (
        <EmptyRequests />
      ) : (
        REQUEST_SECTIONS.map((section) => (
          <RequestList
            key={section.value}
            section={section.value}
            bookings={groups[section.value]}
            more={more[section.value]}
            highlightId={highlightId}
          />
        ))
      )}

      {hasCalendar ? (
        <Suspense fallback={null}>
          <BookingCalendarModal
            nextAppointmentDate={nextAppointmentDate}
            opened={isCalendarOpen}
            onClose={() => setIsCalendarOpen(false)}
          />
        </Suspense>
      ) : null}
    </Stack>
  );
}
