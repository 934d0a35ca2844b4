import { type Booking, CALENDAR_ERROR_FEEDBACK_MS, CALENDAR_FEEDBACK_MS, MESSAGES } from '@app/domain';
import { Button, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { IconCalendar } from '@/components/icons';
import { whenEngagedOrIdle } from '@/lib/idle';
import { loadOnce } from '@/lib/load-once';
import type { CalendarExportResult } from '../utils/calendar';

type CalendarModule = typeof import('../utils/calendar');

// The calendar file's code (the iCalendar writer and its package) is a chunk of its own, off the
// bookings list's first load: fetched once the person engages with the page or it is idle, or when
// the button is pointed at or focused, so it is in by the time the button is pressed.
const calendarCode = loadOnce(() => import('../utils/calendar'));
const preloadCalendar = () => {
  calendarCode.load().catch(() => {});
};

type Feedback = { kind: 'success'; result: CalendarExportResult } | { kind: 'error' };

const SUCCESS_TEXT: Record<CalendarExportResult, string> = {
  downloaded: 'Calendar file downloaded. Open it to add the appointment to your calendar.',
  opened: 'Google Calendar opened in a new tab. Save the event there.',
};

/** 'Add to Calendar' with its feedback: 5 s after success, 3 s after a failure (spec §9). */
export function AddToCalendarButton({ booking }: { booking: Booking }) {
  const [feedback, setFeedback] = useState<Feedback | null>(null);

  useEffect(() => {
    if (!feedback) return;
    const timer = window.setTimeout(
      () => setFeedback(null),
      feedback.kind === 'success' ? CALENDAR_FEEDBACK_MS : CALENDAR_ERROR_FEEDBACK_MS,
    );
    return () => window.clearTimeout(timer);
  }, [feedback]);

  useEffect(() => (calendarCode.loaded() ? undefined : whenEngagedOrIdle(preloadCalendar)), []);

  const exportWith = (module: CalendarModule) => {
    try {
      setFeedback({ kind: 'success', result: module.addBookingToCalendar(booking) });
    } catch (error) {
      console.error('Calendar export failed', error);
      setFeedback({ kind: 'error' });
    }
  };

  const add = () => {
    // Loaded already (the usual case): the file is made within the tap, as browsers want for a
    // download or a new tab. Otherwise it is made as soon as its code has arrived.
    const loaded = calendarCode.loaded();
    if (loaded) {
      exportWith(loaded);
      return;
    }
    calendarCode.load().then(exportWith, (error: unknown) => {
      console.error('Calendar export failed', error);
      setFeedback({ kind: 'error' });
    });
  };

  return (
    <Stack gap={0} align="flex-start">
      <Button
        variant="light"
        size="sm"
        leftSection={<IconCalendar size={18} />}
        onClick={add}
        onPointerEnter={preloadCalendar}
        onFocus={preloadCalendar}
      >
        Add to Calendar
      </Button>
      {/* Live regions stay mounted so screen readers announce the text when it appears. */}
      <Text size="sm" c="teal.9" role="status" aria-live="polite" mt={feedback?.kind === 'success' ? 6 : 0}>
        {feedback?.kind === 'success' ? SUCCESS_TEXT[feedback.result] : null}
      </Text>
      <Text size="sm" c="red.8" role="alert" mt={feedback?.kind === 'error' ? 6 : 0}>
        {feedback?.kind === 'error' ? MESSAGES.failedToAddToCalendar : null}
      </Text>
    </Stack>
  );
}
