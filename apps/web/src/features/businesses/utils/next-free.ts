import { addDays } from '@app/domain';
import { formatShortDate } from '@/lib/booking-format';

export const NO_FREE_HOURS = 'No free hours in the next 4 weeks';

/** The days after today that read as a weekday alone ('Sat'); later ones carry their date. */
const WEEKDAY_ONLY_DAYS = 6;

/**
 * When a business is next free, for its card: 'Today 10:00', 'Tomorrow 10:00', 'Sat 10:00' within
 * the week, then 'Sat 12 Dec 10:00'. `nextAvailable` is Northern Ireland wall-clock time
 * ('YYYY-MM-DD HH:MM') and `today` that clock's date; null (nothing free in the booking window) says so.
 */
export function formatNextFree(nextAvailable: string | null, today: string): string {
  if (!nextAvailable) return NO_FREE_HOURS;
  const day = nextAvailable.slice(0, 10);
  const time = nextAvailable.slice(11, 16);
  if (day === today) return `Today ${time}`;
  if (day === addDays(today, 1)) return `Tomorrow ${time}`;
  // 'Sat 12 Dec 2026' → 'Sat' within the week, 'Sat 12 Dec' after it.
  const [weekday, date, month] = formatShortDate(day).split(' ');
  const isThisWeek = day > today && day <= addDays(today, WEEKDAY_ONLY_DAYS);
  return isThisWeek ? `${weekday} ${time}` : `${weekday} ${date} ${month} ${time}`;
}
