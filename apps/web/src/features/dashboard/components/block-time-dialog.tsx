import {
  AWAY_MAX_AHEAD_YEARS,
  BlockRequestSchema,
  minutesToTime,
  todayInLondon,
  yearsAfter,
} from '@app/domain';
import { Button, Group, NativeSelect, Stack, Text, TextInput } from '@mantine/core';
import type { FormEvent } from 'react';
import { DeferredModal } from '@/components/deferred-modal';
import { toast } from '@/lib/toast';
import { useAddBlock } from '../api/catalog';
import { failed } from '../utils/errors';
import { useDraftForm } from '../utils/use-draft-form';

// Time blocked on one team member's diary (issue 32 item 6), from Configuration or the Diary.

/** Every quarter hour of a day, '00:00' to '23:45', for a block's start and end. */
const QUARTER_HOURS = Array.from({ length: 96 }, (_, index) => minutesToTime(index * 15));

const NO_BLOCK: BlockDraft = { memberId: '', memberName: '', date: '', start: '', end: '', reason: '' };

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
  const { form, setErrors, field, passes } = useDraftForm(draft, (opened) => opened ?? NO_BLOCK);
  const today = todayInLondon();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body = {
      memberId: form.memberId,
      date: form.date,
      start: form.start,
      end: form.end,
      reason: form.reason,
    };
    if (!passes(BlockRequestSchema, body)) return;
    add.mutate(body, {
      onSuccess: () => {
        toast.success(`Time blocked for ${form.memberName}`);
        onClose();
      },
      onError: (error) => failed(error, 'Failed to block the time', setErrors),
    });
  };
  return (
    <DeferredModal opened={draft !== null} onClose={onClose} title={`Block time for ${form.memberName}`}>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            Customers cannot book {form.memberName} in this time. Their other hours stay open.
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
