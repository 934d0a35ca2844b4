import { TIME_ZONE } from '@app/domain';

// Made once: building an Intl.DateTimeFormat costs far more than formatting with it.
const dayFormat = new Intl.DateTimeFormat('en-GB', {
  timeZone: TIME_ZONE,
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
});
const timeFormat = new Intl.DateTimeFormat('en-GB', {
  timeZone: TIME_ZONE,
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** An instant's day in Northern Ireland as the booking cards write a day: 'Sat 5 Dec 2026'. */
function londonDayOf(instant: Date): string {
  const parts = Object.fromEntries(dayFormat.formatToParts(instant).map((part) => [part.type, part.value]));
  return `${parts.weekday} ${parts.day} ${parts.month} ${parts.year}`;
}

/**
 * When a line was written, on the Northern Ireland wall clock (GMT or BST, whatever the reader's
 * own zone): '14:05' today, 'Sat 5 Dec 2026, 14:05' another day.
 *
 * NOTE: Intl with Europe/London (as the domain's slot rules convert instants), not dayjs or
 * lib/booking-format: dayjs alone cannot change zones, and sharing either with this lazy chunk
 * split them into chunks of their own, which cost the sign-in page's first load its last bytes.
 */
export function formatMessageTime(createdAt: string, now: Date = new Date()): string {
  const instant = new Date(createdAt);
  if (Number.isNaN(instant.getTime())) return '';
  const day = londonDayOf(instant);
  const time = timeFormat.format(instant);
  return day === londonDayOf(now) ? time : `${day}, ${time}`;
}
