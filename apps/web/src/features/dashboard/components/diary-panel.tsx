import { addDays, type Booking, type MemberBlock, timeToMinutes, todayInLondon } from '@app/domain';
import {
  ActionIcon,
  Button,
  Group,
  NativeSelect,
  Paper,
  SegmentedControl,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useMemo, useState } from 'react';
import { LoadErrorAlert } from '@/components/load-error-alert';
import { formatShortDate } from '@/lib/booking-format';
import { toast } from '@/lib/toast';
import { useBlocks, useRemoveBlock, useServices } from '../api/catalog';
import { useTeam } from '../api/team';
import { useMonthBookings } from '../api/use-business-bookings';
import { failed } from '../utils/errors';
import { BlockDialog, type BlockDraft } from './block-time-dialog';
import classes from './dashboard.module.css';
import { WalkInDialog, type WalkInDraft } from './walk-in-dialog';

// The diary (issue 32 item 6): a day or a week of agreed bookings and blocked time, for the whole
// shop (a column per member on a wide screen) or one member.

type View = 'day' | 'week';
const WHOLE_SHOP = '';
/** The day grid's height per minute, in pixels (an hour is 56 px). */
const PX_PER_MINUTE = 56 / 60;

/** One thing in a diary: an agreed booking or blocked time, on one day. */
export interface DiaryEntry {
  key: string;
  date: string;
  start: string;
  end: string;
  memberId: string | null;
  title: string;
  detail: string;
  blockId?: string;
  /** What an agreed booking is worth (its agreed price), for the totals; none for a block. */
  price?: number;
}

/** The Monday of the week that holds `date`. */
export function weekStartOf(date: string): string {
  const weekday = new Date(`${date}T00:00:00Z`).getUTCDay();
  return addDays(date, -((weekday + 6) % 7));
}

/** The diary's entries from the bookings and blocks, with the members' names; earliest first. */
export function diaryEntries(
  bookings: readonly Booking[],
  blocks: readonly MemberBlock[],
  nameOf: (memberId: string) => string,
): DiaryEntry[] {
  const fromBookings = bookings.map(
    (booking): DiaryEntry => ({
      key: booking.id,
      date: booking.BookingDateTime.slice(0, 10),
      start: booking.BookingDateTime.slice(11, 16),
      end: booking.EndDateTime.slice(11, 16),
      memberId: booking.MemberID,
      title: `${booking.ServiceName ?? 'Appointment'} · ${booking.customerName}`,
      detail: [
        booking.WalkIn ? 'Walk-in' : '',
        booking.MemberName ? `with ${booking.MemberName}` : 'No barber yet',
      ]
        .filter(Boolean)
        .join(' · '),
      price: booking.FinalPrice ?? booking.CounterPrice ?? booking.Price ?? 0,
    }),
  );
  const fromBlocks = blocks.map(
    (block): DiaryEntry => ({
      key: block.id,
      date: block.date,
      start: block.start,
      end: block.end,
      memberId: block.memberId,
      title: block.reason ? `Blocked: ${block.reason}` : 'Blocked',
      detail: nameOf(block.memberId),
      blockId: block.id,
    }),
  );
  return [...fromBookings, ...fromBlocks].sort((a, b) =>
    `${a.date} ${a.start}`.localeCompare(`${b.date} ${b.start}`),
  );
}

/** Each member's agreed bookings and their worth over the entries shown (blocks not counted). */
export function memberTotals(
  entries: readonly DiaryEntry[],
  members: readonly { id: string; name: string }[],
): { id: string; name: string; bookings: number; revenue: number }[] {
  return members.map((member) => {
    const theirs = entries.filter((entry) => entry.memberId === member.id && entry.price !== undefined);
    return {
      id: member.id,
      name: member.name,
      bookings: theirs.length,
      revenue: theirs.reduce((sum, entry) => sum + (entry.price ?? 0), 0),
    };
  });
}

function EntryCard({
  entry,
  onFree,
  compact = false,
}: {
  entry: DiaryEntry;
  onFree: (entry: DiaryEntry) => void;
  /** Under three-quarters of an hour in the day's grid: one line, its start and what it is. */
  compact?: boolean;
}) {
  if (compact) {
    return (
      <Paper
        withBorder
        px={6}
        py={2}
        radius="sm"
        className={entry.blockId ? classes.diaryBlock : classes.diaryBooking}
        aria-label={`${entry.start}–${entry.end} ${entry.title}, ${entry.detail}`}
        title={`${entry.start}–${entry.end} ${entry.title} (${entry.detail})`}
      >
        <Text size="xs" lineClamp={1}>
          <b>{entry.start}</b> {entry.title}
        </Text>
      </Paper>
    );
  }
  return (
    <Paper
      withBorder
      p={6}
      radius="sm"
      className={entry.blockId ? classes.diaryBlock : classes.diaryBooking}
      aria-label={`${entry.start}–${entry.end} ${entry.title}`}
    >
      <Group justify="space-between" wrap="nowrap" gap={4} align="flex-start">
        <Stack gap={0} miw={0}>
          <Text size="xs" fw={700}>
            {entry.start}–{entry.end}
          </Text>
          <Text size="sm" fw={600} lineClamp={2}>
            {entry.title}
          </Text>
          <Text size="xs" c="dimmed" lineClamp={1}>
            {entry.detail}
          </Text>
        </Stack>
        {entry.blockId ? (
          <Button size="compact-xs" variant="subtle" onClick={() => onFree(entry)}>
            Free
          </Button>
        ) : null}
      </Group>
    </Paper>
  );
}

/** A day as a list of what is on it. */
function DayList({
  date,
  entries,
  onFree,
}: {
  date: string;
  entries: DiaryEntry[];
  onFree: (entry: DiaryEntry) => void;
}) {
  return (
    <Stack gap={6} component="section" aria-label={formatShortDate(date)}>
      <Text fw={700} size="sm">
        {formatShortDate(date)}
      </Text>
      {entries.length === 0 ? (
        <Text size="sm" c="dimmed">
          Nothing booked.
        </Text>
      ) : (
        entries.map((entry) => <EntryCard key={entry.key} entry={entry} onFree={onFree} />)
      )}
    </Stack>
  );
}

/** A day on a wide screen: the hours down the side, a column per member. */
function DayGrid({
  columns,
  entries,
  onFree,
}: {
  columns: { id: string | null; name: string }[];
  entries: DiaryEntry[];
  onFree: (entry: DiaryEntry) => void;
}) {
  const first = Math.min(8 * 60, ...entries.map((entry) => timeToMinutes(entry.start)));
  const last = Math.max(20 * 60, ...entries.map((entry) => timeToMinutes(entry.end)));
  const from = Math.floor(first / 60) * 60;
  const to = Math.ceil(last / 60) * 60;
  const hours = Array.from({ length: (to - from) / 60 }, (_, index) => from / 60 + index);
  const height = (to - from) * PX_PER_MINUTE;
  return (
    <div
      className={classes.diaryGrid}
      style={{ gridTemplateColumns: `3rem repeat(${columns.length}, minmax(8rem, 1fr))` }}
    >
      <div />
      {columns.map((column) => (
        <Text key={column.id ?? 'none'} fw={700} size="sm" ta="center" className={classes.diaryHead}>
          {column.name}
        </Text>
      ))}
      <div className={classes.diaryHours} style={{ height }}>
        {hours.map((hour) => (
          <Text
            key={hour}
            size="xs"
            c="dimmed"
            className={classes.diaryHour}
            style={{ top: (hour * 60 - from) * PX_PER_MINUTE }}
          >
            {String(hour).padStart(2, '0')}:00
          </Text>
        ))}
      </div>
      {columns.map((column) => (
        <section
          key={column.id ?? 'none'}
          aria-label={column.name}
          className={classes.diaryColumn}
          style={{ height, backgroundSize: `100% ${60 * PX_PER_MINUTE}px` }}
        >
          {entries
            .filter((entry) => entry.memberId === column.id)
            .map((entry) => {
              const start = timeToMinutes(entry.start);
              const length = Math.max(timeToMinutes(entry.end) - start, 20);
              return (
                <div
                  key={entry.key}
                  className={classes.diaryPlaced}
                  style={{ top: (start - from) * PX_PER_MINUTE, height: length * PX_PER_MINUTE }}
                >
                  <EntryCard entry={entry} onFree={onFree} compact={length < 45} />
                </div>
              );
            })}
        </section>
      ))}
    </div>
  );
}

/** The business's diary: a day or a week, the whole shop or one member; block time from here. */
export function DiaryPanel() {
  const today = todayInLondon();
  const [view, setView] = useState<View>('day');
  const [day, setDay] = useState(today);
  const [memberId, setMemberId] = useState(WHOLE_SHOP);
  const [blockDraft, setBlockDraft] = useState<BlockDraft | null>(null);
  const [walkInDraft, setWalkInDraft] = useState<WalkInDraft | null>(null);
  const services = useServices();
  const wide = useMediaQuery('(min-width: 62em)');
  const team = useTeam();
  const blocks = useBlocks();
  const removeBlock = useRemoveBlock();

  const from = view === 'day' ? day : weekStartOf(day);
  const to = view === 'day' ? day : addDays(from, 6);
  const firstMonth = useMonthBookings(from.slice(0, 7));
  const lastMonth = useMonthBookings(to.slice(0, 7));
  const members = team.data?.team ?? [];
  const nameOf = (id: string) => members.find((member) => member.id === id)?.name ?? '';

  const entries = useMemo(() => {
    const byId = new Map<string, Booking>();
    for (const booking of [...(firstMonth.data?.bookings ?? []), ...(lastMonth.data?.bookings ?? [])]) {
      byId.set(booking.id, booking);
    }
    const names = new Map(members.map((member) => [member.id, member.name]));
    return diaryEntries([...byId.values()], blocks.data?.blocks ?? [], (id) => names.get(id) ?? '').filter(
      (entry) =>
        entry.date >= from && entry.date <= to && (memberId === WHOLE_SHOP || entry.memberId === memberId),
    );
  }, [firstMonth.data, lastMonth.data, blocks.data, members, from, to, memberId]);

  const step = view === 'day' ? 1 : 7;
  const days = Array.from({ length: view === 'day' ? 1 : 7 }, (_, index) => addDays(from, index));
  const loading = firstMonth.isPending || lastMonth.isPending || team.isPending;
  const failedToLoad = firstMonth.isError || lastMonth.isError || team.isError;
  const free = (entry: DiaryEntry) => {
    if (!entry.blockId) return;
    removeBlock.mutate(entry.blockId, {
      onSuccess: () => toast.success('Time freed'),
      onError: (error) => failed(error, 'Could not free the time', () => {}),
    });
  };
  const columns = [
    ...members.map((member) => ({ id: member.id as string | null, name: member.name })),
    ...(entries.some((entry) => entry.memberId === null) ? [{ id: null, name: 'No barber yet' }] : []),
  ];
  const totals = memberTotals(
    entries,
    memberId === WHOLE_SHOP ? members : members.filter((member) => member.id === memberId),
  );
  const title =
    view === 'day' ? formatShortDate(day) : `${formatShortDate(from).slice(0, -5)} – ${formatShortDate(to)}`;

  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="diary-title">
      <Stack gap="md">
        <Group justify="space-between" align="flex-end" gap="sm">
          <div>
            <Title order={2} fz="h3" id="diary-title">
              Diary
            </Title>
            <Text size="sm" c="dimmed">
              Agreed bookings and blocked time, by barber.
            </Text>
          </div>
          <Group gap="xs">
            <Button
              onClick={() => setWalkInDraft({ date: day.localeCompare(today) > 0 ? day : today, memberId })}
              disabled={members.length === 0 || !services.data}
            >
              Add Walk-in
            </Button>
            <Button
              variant="light"
              onClick={() =>
                setBlockDraft({
                  memberId: memberId || members[0]?.id || '',
                  memberName: nameOf(memberId || members[0]?.id || ''),
                  date: day.localeCompare(today) > 0 ? day : today,
                  start: '13:00',
                  end: '14:00',
                  reason: '',
                })
              }
              disabled={members.length === 0}
            >
              Block Time
            </Button>
          </Group>
        </Group>
        <Group gap="sm" align="flex-end" wrap="wrap">
          <SegmentedControl
            aria-label="Show"
            value={view}
            onChange={(value) => setView(value as View)}
            data={[
              { value: 'day', label: 'Day' },
              { value: 'week', label: 'Week' },
            ]}
          />
          <NativeSelect
            aria-label="Whose diary"
            value={memberId}
            onChange={(event) => setMemberId(event.currentTarget.value)}
            data={[
              { value: WHOLE_SHOP, label: 'Whole shop' },
              ...members.map((member) => ({ value: member.id, label: member.name })),
            ]}
          />
        </Group>
        <Group gap="xs" wrap="nowrap" justify="space-between">
          <ActionIcon
            variant="default"
            size="lg"
            aria-label={view === 'day' ? 'Previous day' : 'Previous week'}
            onClick={() => setDay(addDays(day, -step))}
          >
            ‹
          </ActionIcon>
          <Stack gap={0} align="center" miw={0}>
            <Text fw={700} ta="center" aria-live="polite">
              {title}
            </Text>
            {day !== today ? (
              <Button size="compact-xs" variant="subtle" onClick={() => setDay(today)}>
                Today
              </Button>
            ) : null}
          </Stack>
          <ActionIcon
            variant="default"
            size="lg"
            aria-label={view === 'day' ? 'Next day' : 'Next week'}
            onClick={() => setDay(addDays(day, step))}
          >
            ›
          </ActionIcon>
        </Group>

        {failedToLoad ? (
          <LoadErrorAlert
            message="Failed to load the diary"
            onRetry={() => void Promise.all([firstMonth.refetch(), lastMonth.refetch(), team.refetch()])}
          />
        ) : loading ? (
          <Skeleton height={240} />
        ) : view === 'day' && wide && memberId === WHOLE_SHOP && columns.length > 1 ? (
          <div className={classes.diaryScroll}>
            <DayGrid columns={columns} entries={entries} onFree={free} />
          </div>
        ) : (
          <SimpleGrid cols={{ base: 1, md: view === 'week' ? 7 : 1 }} spacing="sm">
            {days.map((date) => (
              <DayList
                key={date}
                date={date}
                entries={entries.filter((entry) => entry.date === date)}
                onFree={free}
              />
            ))}
          </SimpleGrid>
        )}
        {!loading && !failedToLoad ? (
          <SimpleGrid
            cols={{ base: 2, sm: Math.min(Math.max(totals.length, 1), 4) }}
            spacing="xs"
            component="section"
            aria-label={view === 'day' ? 'This day by barber' : 'This week by barber'}
          >
            {totals.map((total) => (
              <Paper key={total.id} withBorder p="xs" radius="sm">
                <Text size="sm" fw={700} lineClamp={1}>
                  {total.name}
                </Text>
                <Text size="sm" c="dimmed">
                  {total.bookings} {total.bookings === 1 ? 'booking' : 'bookings'} · £{total.revenue}
                </Text>
              </Paper>
            ))}
          </SimpleGrid>
        ) : null}
      </Stack>
      <BlockDialog draft={blockDraft} onClose={() => setBlockDraft(null)} />
      <WalkInDialog
        draft={walkInDraft}
        services={services.data?.services ?? []}
        team={members}
        onClose={() => setWalkInDraft(null)}
      />
    </Paper>
  );
}
