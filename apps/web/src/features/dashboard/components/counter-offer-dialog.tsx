import {
  type Booking,
  COUNTER_PRICE_MAX,
  COUNTER_PRICE_MIN,
  counterPriceError,
  MESSAGES,
  parseWholePounds,
} from '@app/domain';
import { Button, Group, Stack, Text } from '@mantine/core';
import { type FormEvent, useEffect, useState } from 'react';
import { DeferredModal } from '@/components/deferred-modal';
import { WholePoundsInput } from '@/components/whole-pounds-input';
import { formatBookingDateTime, formatPounds, offeredPrice } from '@/lib/booking-format';
import { useSingleFlight } from '@/lib/use-single-flight';
import { bookingRefOf, useCounterBookingMutation } from '../api/update-booking';
import classes from './dashboard.module.css';

/** "That is less than Orla offered (£45)": the customer by their first name. */
export function counterBelowOffer(customerName: string, offer: string): string {
  const firstName = customerName.trim().split(/\s+/)[0];
  return `That is less than ${firstName || 'the customer'} offered (${offer})`;
}

/**
 * 'Counter' (spec §5): a whole-pound price from £1 to £300 ('Maximum counter offer is £300'),
 * sent with 'Send Counter Offer'.
 */
export function CounterOfferDialog({
  booking,
  opened,
  onClose,
  onSent,
  runChange,
}: {
  booking: Booking;
  opened: boolean;
  onClose: () => void;
  onSent: () => void;
  runChange: (change: () => Promise<unknown>, success: string) => Promise<boolean>;
}) {
  const counter = useCounterBookingMutation();
  const sending = useSingleFlight();
  // The text as typed: a decimal is refused, never turned into another number (api-contract §8.1).
  const [price, setPrice] = useState('');
  const [isTouched, setIsTouched] = useState(false);
  const offer = offeredPrice(booking);

  useEffect(() => {
    if (opened) {
      setPrice('');
      setIsTouched(false);
    }
  }, [opened]);

  const error = counterPriceError(price);
  const pounds = parseWholePounds(price);
  // A decimal or a price over the maximum is said at once; a missing price only once the person
  // tries to send.
  const isSaidAtOnce =
    error === MESSAGES.wholePounds || (error !== null && pounds !== null && pounds > COUNTER_PRICE_MAX);
  const shownError = isTouched || isSaidAtOnce ? error : null;
  // Less than the customer offered is allowed, but said (issue 29, item 13): it is rarely meant.
  const belowOffer =
    error === null && pounds !== null && offer !== null && pounds < offer
      ? counterBelowOffer(booking.customerName, formatPounds(offer))
      : null;

  const send = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setIsTouched(true);
    if (error) return;
    const newPrice = pounds ?? Number(price);
    const sent = await sending.run(() =>
      runChange(
        () => counter.mutateAsync({ ...bookingRefOf(booking), newPrice }),
        `Counter offer of ${formatPounds(newPrice)} sent`,
      ),
    );
    if (sent) onSent();
  };

  return (
    <DeferredModal
      classNames={{ title: classes.modalTitle }}
      opened={opened}
      onClose={() => {
        if (!sending.isInFlight()) onClose();
      }}
      title="Counter Offer"
      centered
    >
      <form onSubmit={send} noValidate>
        <Stack gap="md">
          <Text size="sm">
            {booking.customerName || 'The customer'} offered{' '}
            <strong>{offer !== null ? formatPounds(offer) : 'a price'}</strong> for{' '}
            {formatBookingDateTime(booking.BookingDateTime)}. Suggest your price; they can accept or decline
            it.
          </Text>
          <WholePoundsInput
            label="Counter price (£)"
            value={price}
            onChange={(event) => setPrice(event.currentTarget.value)}
            onBlur={() => setIsTouched(true)}
            error={shownError}
            description={`Whole pounds, ${formatPounds(COUNTER_PRICE_MIN)} to ${formatPounds(COUNTER_PRICE_MAX)}`}
            inputWrapperOrder={['label', 'input', 'description', 'error']}
            data-autofocus
          />
          {belowOffer ? (
            <Text size="sm" c="orange.9" role="status">
              {belowOffer}
            </Text>
          ) : null}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose} disabled={counter.isPending}>
              Cancel
            </Button>
            <Button type="submit" loading={counter.isPending}>
              Send Counter Offer
            </Button>
          </Group>
        </Stack>
      </form>
    </DeferredModal>
  );
}
