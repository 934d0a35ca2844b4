import { addDays, BookingExportQuerySchema, bookingExportFilename, todayInLondon } from '@app/domain';
import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { type FormEvent, useState } from 'react';
import { addDatesStyles } from '@/lib/dates-styles';
import { saveFile } from '@/lib/save-file';
import { toast } from '@/lib/toast';
import { useSingleFlight } from '@/lib/use-single-flight';
import { useExportBookingsCsvMutation } from '../api/export-bookings-csv';
import { showFailure } from '../utils/errors';
import { CalendarFeedModal } from './calendar-feed-modal';

addDatesStyles();

export const EXPORT_TEXT = {
  done: 'Bookings exported',
  failed: 'Failed to export bookings',
  required: 'Choose a date',
} as const;

/** The first and last day of the month `today` is in (YYYY-MM-DD). */
export function monthOf(today: string): { from: string; to: string } {
  const from = `${today.slice(0, 8)}01`;
  const [year, month] = from.split('-').map(Number) as [number, number];
  const nextMonth = `${month === 12 ? year + 1 : year}-${String((month % 12) + 1).padStart(2, '0')}-01`;
  return { from, to: addDays(nextMonth, -1) };
}

/** The bookings of a date range as a CSV file (api-contract §8.5), this month by default. */
function ExportForm() {
  const [range, setRange] = useState(() => monthOf(todayInLondon()));
  const [errors, setErrors] = useState<{ from?: string; to?: string }>({});
  const exportCsv = useExportBookingsCsvMutation();
  const exporting = useSingleFlight();

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = BookingExportQuerySchema.safeParse(range);
    if (!parsed.success) {
      const next: { from?: string; to?: string } = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] === 'from' ? 'from' : 'to';
        next[field] ??= range[field] ? issue.message : EXPORT_TEXT.required;
      }
      setErrors(next);
      return;
    }
    setErrors({});
    exporting.run(async () => {
      try {
        const file = await exportCsv.mutateAsync(parsed.data);
        saveFile(file, bookingExportFilename(parsed.data));
        toast.success(EXPORT_TEXT.done);
      } catch (error) {
        showFailure(error, { title: EXPORT_TEXT.failed, fallback: EXPORT_TEXT.failed });
      }
    });
  };

  const change = (field: 'from' | 'to') => (value: string | null) => {
    setRange((current) => ({ ...current, [field]: value ?? '' }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  return (
    <form onSubmit={submit} noValidate aria-labelledby="export-title">
      <Stack gap="sm">
        <Title order={3} fz="h5" id="export-title">
          Export bookings
        </Title>
        <Text c="dimmed" size="sm">
          Every booking between two dates as a spreadsheet file (CSV) with date, time, service, length,
          barber, status, customer, phone, price, home visit, address and payment.
        </Text>
        <Group grow align="flex-start" gap="sm" wrap="wrap">
          <DatePickerInput
            label="From"
            value={range.from || null}
            onChange={change('from')}
            valueFormat="D MMM YYYY"
            error={errors.from}
            miw={140}
          />
          <DatePickerInput
            label="To"
            value={range.to || null}
            onChange={change('to')}
            valueFormat="D MMM YYYY"
            error={errors.to}
            miw={140}
          />
        </Group>
        <Group>
          <Button type="submit" variant="default" loading={exportCsv.isPending}>
            Export CSV
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** Configuration: the calendar feed (Subscribe) and the CSV export of bookings. */
export function CalendarExportCard() {
  const [isFeedOpen, setIsFeedOpen] = useState(false);
  return (
    <Paper
      withBorder
      p={{ base: 'md', sm: 'lg' }}
      component="section"
      aria-labelledby="calendar-export-title"
    >
      <Title order={2} fz="h4" id="calendar-export-title" mb={4}>
        Calendar and Export
      </Title>
      <Stack gap="lg">
        <Stack gap="sm">
          <Text c="dimmed" size="sm">
            See your agreed bookings in Google, Apple or Outlook Calendar: they update by themselves.
          </Text>
          <Group>
            <Button onClick={() => setIsFeedOpen(true)}>Subscribe</Button>
          </Group>
        </Stack>
        <ExportForm />
      </Stack>
      <CalendarFeedModal opened={isFeedOpen} onClose={() => setIsFeedOpen(false)} />
    </Paper>
  );
}
