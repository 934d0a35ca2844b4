import { BOOKING_LINK_PARAM, type Booking, MESSAGES } from '@app/domain';
import { Badge, Button, Group, Paper, Skeleton, Stack, Tabs, Text, Title } from '@mantine/core';
import { type ReactNode, useDeferredValue, useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { IconScissors } from '@/components/icons';
import { LoadErrorAlert } from '@/components/load-error-alert';
import { paths } from '@/config/paths';
import { useUserBookings } from '../api/get-user-bookings';
import { PROFILE_WORDS } from '../profile-words';
import { BOOKING_TABS, type BookingTab, type GroupedBookings, groupBookings } from '../utils/bookings';
import { BookingCard } from './booking-card';
import classes from './profile-page.module.css';

/** The tab a visit opens on: what needs the customer first, then what is coming up. */
const OPENING_TAB_ORDER: readonly BookingTab[] = [
  'countered',
  'requested',
  'approved',
  'past',
  'cancelled',
  'denied',
];

const isBookingTab = (value: string | null): value is BookingTab =>
  BOOKING_TABS.some((tab) => tab.value === value);

function BookingList({
  bookings,
  empty,
  highlightId,
}: {
  bookings: Booking[];
  empty: ReactNode;
  highlightId?: string | null;
}) {
  const shown = bookings;
  if (bookings.length === 0) return empty;
  return (
    <Stack gap="sm">
      {shown.map((booking) => (
        <BookingCard key={booking.id} booking={booking} isHighlighted={booking.id === highlightId} />
      ))}
    </Stack>
  );
}

/** An empty list says so and offers the next step: finding a barber. */
function EmptyTab({ text }: { text: string }) {
  return (
    <Stack gap="sm" align="flex-start" py="md">
      <Text c="dimmed">{text}</Text>
      <Button component={Link} to={paths.businesses.getHref()} variant="light" size="sm">
        Browse Businesses
      </Button>
    </Stack>
  );
}

function EmptyBookings() {
  return (
    <Stack align="center" gap="sm" py="xl" ta="center">
      <IconScissors size={32} />
      <Text fw={600}>You have no bookings yet.</Text>
      <Text c="dimmed" size="sm">
        Find a barber, pick a time and name your price.
      </Text>
      <Button component={Link} to={paths.businesses.getHref()} mt="xs">
        Browse Businesses
      </Button>
    </Stack>
  );
}

/** The tab that holds a booking, if one does (a Confirmed booking is in its own section). */
const tabHolding = (groups: GroupedBookings, bookingId: string | null): BookingTab | null =>
  (bookingId && BOOKING_TABS.find((tab) => groups[tab.value].some((b) => b.id === bookingId))?.value) || null;

function BookingTabs({ groups }: { groups: GroupedBookings }) {
  // After booking, the app links here with the tab and the new request (?tab=requested&booking=ID);
  // an email links with the booking alone (?booking=ID): its card's tab opens, wherever it is now.
  const [searchParams] = useSearchParams();
  const linkedTab = searchParams.get('tab');
  const highlightId = searchParams.get(BOOKING_LINK_PARAM);
  const [chosen, setChosen] = useState<BookingTab | null>(() =>
    isBookingTab(linkedTab) ? linkedTab : tabHolding(groups, highlightId),
  );
  const active = chosen ?? OPENING_TAB_ORDER.find((tab) => groups[tab].length > 0) ?? 'approved';

  return (
    <Tabs
      value={active}
      onChange={(value) => setChosen(value as BookingTab)}
      // Only the open tab's list is drawn: Mantine keeps the others rendered, hidden, by default, and
      // drawing four hidden lists of cards was the longest task of the page's load. A tab opened
      // later draws its list then (its cards are in the query's cache).
      keepMounted={false}
      variant="pills"
      radius="xl"
      classNames={{ tab: classes.bookingTab }}
    >
      <Tabs.List className={classes.bookingTabs} aria-label="Bookings by status">
        {BOOKING_TABS.map((tab) => (
          <Tabs.Tab
            key={tab.value}
            value={tab.value}
            aria-label={`${tab.label} (${groups[tab.value].length})`}
            rightSection={
              <Badge size="sm" circle variant={tab.value === active ? 'white' : 'light'} aria-hidden="true">
                {groups[tab.value].length}
              </Badge>
            }
          >
            {tab.label}
          </Tabs.Tab>
        ))}
      </Tabs.List>
      {BOOKING_TABS.map((tab) => (
        <Tabs.Panel key={tab.value} value={tab.value} pt="md">
          <BookingList
            bookings={groups[tab.value]}
            empty={<EmptyTab text={tab.empty} />}
            highlightId={highlightId}
          />
        </Tabs.Panel>
      ))}
    </Tabs>
  );
}

/** Spec §2: the status tabs with counts (and Past), a separate Confirmed Bookings section, the empty state. */
export function BookingsPanel() {
  const bookingsQuery = useUserBookings();
  const highlightId = useSearchParams()[0].get(BOOKING_LINK_PARAM);
  // The lists render from a deferred copy of the data: React renders them in slices that yield to
  // the browser, rather than in one long task when the query's answer arrives.
  const data = useDeferredValue(bookingsQuery.data ?? null);
  const groups = useMemo(() => (data ? groupBookings(data.requests, data.bookings) : null), [data]);
  const total = groups ? Object.values(groups).reduce((sum, list) => sum + list.length, 0) : 0;

  let content: ReactNode;
  if (!groups && !bookingsQuery.isError) {
    content = (
      <Stack gap="sm" aria-busy="true" aria-label="Loading your bookings">
        <Skeleton height={36} radius="xl" />
        <Skeleton height={140} />
        <Skeleton height={140} />
      </Stack>
    );
  } else if (!groups) {
    content = (
      <LoadErrorAlert
        message={MESSAGES.failedToLoadData}
        onRetry={() => bookingsQuery.refetch()}
        isRetrying={bookingsQuery.isFetching}
      />
    );
  } else if (total === 0) {
    content = <EmptyBookings />;
  } else {
    content = <BookingTabs groups={groups} />;
  }

  return (
    <Stack gap="lg">
      <Paper withBorder p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="my-bookings-title">
        <Title order={2} fz="h3" id="my-bookings-title" mb="md">
          {PROFILE_WORDS.bookings}
        </Title>
        {content}
      </Paper>
      {groups && total > 0 ? (
        <Paper
          withBorder
          p={{ base: 'md', sm: 'lg' }}
          component="section"
          aria-labelledby="confirmed-bookings-title"
        >
          <Group gap="sm" mb="md">
            <Title order={2} fz="h3" id="confirmed-bookings-title">
              Confirmed Bookings
            </Title>
            <Badge size="lg" circle variant="light" aria-label={`${groups.confirmed.length} confirmed`}>
              {groups.confirmed.length}
            </Badge>
          </Group>
          <BookingList
            bookings={groups.confirmed}
            highlightId={highlightId}
            empty={
              <Text c="dimmed" py="md">
                No confirmed bookings yet. Accepting a counter offer confirms a booking.
              </Text>
            }
          />
        </Paper>
      ) : null}
    </Stack>
  );
}
