import {
  AWAY_MAX_AHEAD_YEARS,
  BlockRequestSchema,
  minutesToTime,
  todayInLondon,
  yearsAfter,
} from '@app/domain';
import { Button, Group, NativeSelect, Stack, Text, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { DeferredModal } from '@/components/deferred-modal';
import { toast } from '@/lib/toast';
import { useAddBlock } from '../api/catalog';
import { type FieldErrors, failed, issuesOf } from '../utils/errors';

// Time blocked on one team member's diary (issue 32 item 6), from Configuration or the Diary.

/** Every quarter hour of a day, '00:00' to '23:45', for a block's start and end. */
const QUARTER_HOURS = Array.from({ length: 96 }, (_, index) => minutesToTime(index * 15));

export interface BlockDraft {
  memberId: string;
  memberName: string;
  date: string;
  start: string;
  end: string;
  reason: string;
}

/** Block time on one member's diary: a day, from and to, and why (the business's own note). */
export function BlockDialog({ draft, onClose }: { draft: BlockDraft | null; onClose: () => void }) {
  const add = useAddBlock();
  const [form, setForm] = useState<BlockDraft | null>(draft);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [shown, setShown] = useState(draft);
  if (draft !== shown) {
    setShown(draft);
    setForm(draft);
    setErrors({});
  }
  const today = todayInLondon();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!form) return;
    const body = {
      memberId: form.memberId,
      date: form.date,
      start: form.start,
      end: form.end,
      reason: form.reason,
    };
    const parsed = BlockRequestSchema.safeParse(body);
    if (!parsed.success) {
      setErrors(issuesOf(parsed.error.issues));
      return;
    }
    add.mutate(body, {
      onSuccess: () => {
        toast.success(`Time blocked for ${form.memberName}`);
        onClose();
      },
      onError: (error) => failed(error, 'Failed to block the time', setErrors),
    });
  };
  const field = (key: 'date' | 'start' | 'end' | 'reason') => ({
    value: form?.[key] ?? '',
    error: errors[key],
    onChange: (event: { currentTarget: { value: string } }) => {
      const { value } = event.currentTarget;
      setForm((current) => (current ? { ...current, [key]: value } : current));
    },
  });
  return (
    <DeferredModal
      opened={draft !== null}
      onClose={onClose}
      title={form ? `Block time for ${form.memberName}` : 'Block time'}
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            Customers cannot book {form?.memberName ?? 'them'} in this time. Their other hours stay open.
          </Text>
          <TextInput
            type="date"
            label="Day"
            required
            min={today}
            max={yearsAfter(today, AWAY_MAX_AHEAD_YEARS)}
            {...field('date')}
          />
          <Group grow gap="sm" align="flex-start">
            <NativeSelect label="From" data={QUARTER_HOURS} {...field('start')} />
            <NativeSelect label="To" data={QUARTER_HOURS} {...field('end')} />
          </Group>
          <TextInput
            label="Reason (optional)"
            placeholder="e.g. Lunch"
            maxLength={100}
            {...field('reason')}
          />
          <Group justify="flex-end" mt="sm">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={add.isPending}>
              Block Time
            </Button>
          </Group>
        </Stack>
      </form>
    </DeferredModal>
  );
}
