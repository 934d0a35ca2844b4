import {
  type AgreedBookingsAction,
  type AgreedBookingsDecision,
  agreedBookingsAffectedText,
  CANCELLATION_REASON_MAX_LENGTH,
  MESSAGES,
} from '@app/domain';
import { Alert, Button, Group, Radio, Stack, Text, Textarea } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { DeferredModal } from '@/components/deferred-modal';
import { formatBookingDateTime } from '@/lib/booking-format';
import { serverMessageOf } from '@/lib/server-message';
import { useSingleFlight } from '@/lib/use-single-flight';
import type { AgreedBookingsQuestion } from '../api/use-schedule-change';
import { DASHBOARD_FAILURE } from '../utils/errors';
import { useReasonRule } from '../utils/use-reason-rule';
import { AppointmentItem } from './appointment-item';
import classes from './dashboard.module.css';

/** '2 bookings cancelled; the customers were emailed.' after a save that cancelled some. */
export const cancelledText = (count: number) =>
  count === 1
    ? '1 booking cancelled; the customer was emailed.'
    : `${count} bookings cancelled; the customers were emailed.`;

const KEEP_TEXT = {
  awayDates: 'They stay booked, and you are expected then. Nobody else can book those days.',
  availability: 'They stay booked, and you are expected then. Nobody else can book outside your new hours.',
} as const;

/**
 * The agreed bookings a change of hours or away dates falls on (issue 29): each one listed, and
 * the business keeps them or cancels them with a reason each customer is emailed (api-contract
 * §8.4). Nothing is saved until it chooses; Back leaves everything as it was.
 */
export function AgreedBookingsDialog({
  question,
  onDecide,
  onBack,
}: {
  question: AgreedBookingsQuestion | null;
  onDecide: (decision: AgreedBookingsDecision) => Promise<void>;
  onBack: () => void;
}) {
  // The last question stays on screen while the dialog closes.
  const lastQuestion = useRef(question);
  if (question) lastQuestion.current = question;
  const shown = question ?? lastQuestion.current;
  const [action, setAction] = useState<AgreedBookingsAction | null>(null);
  const [reason, setReason] = useState('');
  const [isTouched, setIsTouched] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const reasonRule = useReasonRule();
  const saving = useSingleFlight();
  const opened = question !== null;
  // Each time it opens, the choice starts afresh.
  useEffect(() => {
    if (!opened) return;
    setAction(null);
    setReason('');
    setIsTouched(false);
    setFailure(null);
  }, [opened]);
  if (!shown) return null;

  const { bookings, kind, changed } = shown;
  const reasonError = action === 'cancel' ? reasonRule(reason) : null;
  const shownReasonError =
    isTouched || reason.trim().length > CANCELLATION_REASON_MAX_LENGTH ? reasonError : null;
  const bookingIds = bookings.map((booking) => booking.id);
  const isOne = bookings.length === 1;
  const them = isOne ? 'it' : 'them';

  const confirm = () => {
    if (!action || saving.isInFlight()) return;
    if (action === 'cancel' && reasonError) {
      setIsTouched(true);
      return;
    }
    const decision: AgreedBookingsDecision =
      action === 'keep' ? { action, bookingIds } : { action, bookingIds, reason: reason.trim() };
    setFailure(null);
    void saving.run(() =>
      // Saved, the dialog closes; asked again (the list changed), the choice and reason stay.
      onDecide(decision).catch((error: unknown) =>
        setFailure(
          serverMessageOf(error, DASHBOARD_FAILURE) ??
            (kind === 'awayDates' ? MESSAGES.failedToSaveAwayDates : MESSAGES.failedToSaveAvailability),
        ),
      ),
    );
  };

  return (
    <DeferredModal
      opened={opened}
      onClose={() => {
        if (!saving.isInFlight()) onBack();
      }}
      title={agreedBookingsAffectedText(bookings.length, kind)}
      classNames={{ title: classes.modalTitle }}
      centered
    >
      <Stack gap="md">
        {changed ? (
          <Alert color="yellow" role="alert">
            {MESSAGES.agreedBookingsChanged}
          </Alert>
        ) : null}
        <Text size="sm">
          {isOne
            ? 'A customer has agreed this appointment with you. Keep it, or cancel it with a reason they are emailed.'
            : 'Customers have agreed these appointments with you. Keep them, or cancel them with a reason each customer is emailed.'}
        </Text>
        <Stack component="ul" gap="xs" className={classes.plainList} aria-label="Agreed bookings">
          {bookings.map((booking) => (
            <AppointmentItem
              key={booking.id}
              booking={booking}
              when={formatBookingDateTime(booking.BookingDateTime)}
            />
          ))}
        </Stack>
        <Radio.Group
          value={action}
          onChange={(value) => setAction(value as AgreedBookingsAction)}
          label={`What should happen to ${them}?`}
          required
        >
          <Stack gap="sm" mt="xs">
            <Radio value="keep" label={`Keep ${them}`} description={KEEP_TEXT[kind]} />
            <Radio
              value="cancel"
              label={`Cancel ${them}`}
              description={
                isOne
                  ? 'The booking is cancelled and the customer is emailed that you cancelled, with your reason.'
                  : 'Each booking is cancelled and its customer is emailed that you cancelled, with your reason.'
              }
            />
          </Stack>
        </Radio.Group>
        {action === 'cancel' ? (
          <Textarea
            label="Reason for cancelling"
            description={`Shown to ${isOne ? 'the customer' : 'each customer'} and emailed to them. At most ${CANCELLATION_REASON_MAX_LENGTH} characters.`}
            value={reason}
            onChange={(event) => setReason(event.currentTarget.value)}
            onBlur={() => setIsTouched(true)}
            error={shownReasonError}
            rows={3}
            required
          />
        ) : null}
        {failure ? (
          <Text size="sm" c="red.8" role="alert">
            {failure}
          </Text>
        ) : null}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onBack} disabled={saving.isRunning}>
            Back
          </Button>
          <Button
            color={action === 'cancel' ? 'red' : undefined}
            onClick={confirm}
            disabled={action === null}
            loading={saving.isRunning}
          >
            {action === null
              ? 'Save'
              : `${action === 'cancel' ? 'Cancel' : 'Keep'} ${isOne ? 'Booking' : 'Bookings'} and Save`}
          </Button>
        </Group>
      </Stack>
    </DeferredModal>
  );
}
