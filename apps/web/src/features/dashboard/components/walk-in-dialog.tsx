import {
  AWAY_MAX_AHEAD_YEARS,
  minutesToTime,
  type Service,
  type TeamMember,
  todayInLondon,
  WalkInRequestSchema,
  yearsAfter,
} from '@app/domain';
import { Button, Group, NativeSelect, Stack, Text, TextInput } from '@mantine/core';
import type { FormEvent } from 'react';
import { DeferredModal } from '@/components/deferred-modal';
import { WholePoundsInput } from '@/components/whole-pounds-input';
import { toast } from '@/lib/toast';
import { useBookWalkIn } from '../api/walk-ins';
import { failed } from '../utils/errors';
import { useDraftForm } from '../utils/use-draft-form';

// A walk-in or phone booking (issue 32 item 6): the business books a named customer without an
// account into a barber's diary, agreed at once; nobody is emailed.

/** Every quarter hour from 06:00 to 22:45. */
const TIMES = Array.from({ length: 68 }, (_, index) => minutesToTime(6 * 60 + index * 15));
const FIRST_FREE = '';

export interface WalkInDraft {
  date: string;
  memberId: string;
}

interface Form {
  serviceId: string;
  memberId: string;
  date: string;
  time: string;
  customerName: string;
  customerPhone: string;
  price: string;
}

export function WalkInDialog({
  draft,
  services,
  team,
  onClose,
}: {
  draft: WalkInDraft | null;
  services: readonly Service[];
  team: readonly TeamMember[];
  onClose: () => void;
}) {
  const book = useBookWalkIn();
  const blank = (from: WalkInDraft | null): Form => ({
    serviceId: services[0]?.id ?? '',
    memberId: from?.memberId ?? FIRST_FREE,
    date: from?.date ?? todayInLondon(),
    time: '10:00',
    customerName: '',
    customerPhone: '',
    price: services[0] ? String(services[0].minimumPrice) : '',
  });
  const { form, setForm, errors, setErrors, field, passes } = useDraftForm(draft, blank);
  const today = todayInLondon();
  const service = services.find((candidate) => candidate.id === form.serviceId);
  const doing = team.filter((member) => member.serviceIds.includes(form.serviceId));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body = {
      ...(form.serviceId ? { serviceId: form.serviceId } : {}),
      ...(form.memberId ? { memberId: form.memberId } : {}),
      bookingDateTime: `${form.date} ${form.time}`,
      customerName: form.customerName,
      customerPhone: form.customerPhone,
      price: form.price,
    };
    if (!passes(WalkInRequestSchema, body)) return;
    book.mutate(body, {
      onSuccess: ({ booking }) => {
        toast.success(`${booking.customerName} booked with ${booking.MemberName ?? 'the team'}`);
        onClose();
      },
      onError: (error) => failed(error, 'Failed to book the walk-in', setErrors),
    });
  };

  return (
    <DeferredModal opened={draft !== null} onClose={onClose} title="Add a walk-in">
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            For someone who walked in or phoned: it is agreed at once and nobody is emailed.
          </Text>
          <NativeSelect
            label="Service"
            data={services.map((option) => ({ value: option.id, label: option.name }))}
            error={errors.serviceId}
            value={form.serviceId}
            onChange={(event) => {
              const next = services.find((option) => option.id === event.currentTarget.value);
              setForm((current) => ({
                ...current,
                serviceId: event.currentTarget.value,
                price: next ? String(next.minimumPrice) : current.price,
                // A barber who does not do the new service gives way to the first free one.
                memberId: team.some(
                  (member) => member.id === current.memberId && member.serviceIds.includes(next?.id ?? ''),
                )
                  ? current.memberId
                  : FIRST_FREE,
              }));
            }}
          />
          <NativeSelect
            label="Barber"
            data={[
              { value: FIRST_FREE, label: 'First free barber' },
              ...doing.map((member) => ({ value: member.id, label: member.name })),
            ]}
            {...field('memberId')}
          />
          <Group grow gap="sm" align="flex-start">
            <TextInput
              type="date"
              label="Day"
              required
              min={today}
              max={yearsAfter(today, AWAY_MAX_AHEAD_YEARS)}
              {...field('date')}
              error={errors.bookingDateTime}
            />
            <NativeSelect label="Time" data={TIMES} {...field('time')} />
          </Group>
          <TextInput
            label="Customer’s name"
            required
            maxLength={60}
            autoComplete="off"
            {...field('customerName')}
          />
          <TextInput label="Phone (optional)" type="tel" autoComplete="off" {...field('customerPhone')} />
          <WholePoundsInput
            label="Price"
            required
            description={service ? `${service.name} is from £${service.minimumPrice}` : undefined}
            {...field('price')}
          />
          <Group justify="flex-end" mt="sm">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={book.isPending}>
              Book Walk-in
            </Button>
          </Group>
        </Stack>
      </form>
    </DeferredModal>
  );
}
