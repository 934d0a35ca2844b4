import {
  formatDuration,
  MESSAGES,
  type MemberAwayDate,
  MemberRequestSchema,
  SERVICE_MESSAGES,
  type Service,
  ServiceRequestSchema,
  SLOT_STEPS,
  serviceDurationOptions,
  type TeamMember,
  todayInLondon,
} from '@app/domain';
import {
  ActionIcon,
  Button,
  Checkbox,
  Group,
  NativeSelect,
  Paper,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { type FormEvent, type ReactNode, useState } from 'react';
import { ConfirmButton } from '@/components/confirm-button';
import { DeferredModal } from '@/components/deferred-modal';
import { LoadErrorAlert } from '@/components/load-error-alert';
import { WholePoundsInput } from '@/components/whole-pounds-input';
import { formatShortDate } from '@/lib/booking-format';
import { toast } from '@/lib/toast';
import { useBusinessProfile } from '../api/business-profile';
import {
  useBlocks,
  useBookingSettings,
  useRemoveBlock,
  useRemoveMember,
  useRemoveService,
  useReorderServices,
  useSaveBookingSettings,
  useSaveMember,
  useSaveService,
  useServices,
} from '../api/catalog';
import { useTeam } from '../api/team';
import { failed } from '../utils/errors';
import { useDraftForm } from '../utils/use-draft-form';
import { awayPeriodText } from './away-dates-card';
import { BlockDialog, type BlockDraft } from './block-time-dialog';
import { MemberAwayDays } from './member-away-days';
import { MemberHours, oneShiftADay } from './member-hours';

interface ServiceDraft {
  id?: string;
  name: string;
  durationMinutes: string;
  minimumPrice: string;
  description: string;
}

const draftOf = (service?: Service): ServiceDraft => ({
  id: service?.id,
  name: service?.name ?? '',
  durationMinutes: String(service?.durationMinutes ?? 30),
  minimumPrice: service ? String(service.minimumPrice) : '',
  description: service?.description ?? '',
});

/** Add or edit one service: its name, how long it takes, its lowest price and a line about it. */
function ServiceDialog({ draft, onClose }: { draft: ServiceDraft | null; onClose: () => void }) {
  const save = useSaveService();
  const { form, setErrors, field, passes } = useDraftForm(draft, (opened) => opened ?? draftOf());
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body = {
      name: form.name,
      durationMinutes: Number(form.durationMinutes),
      minimumPrice: form.minimumPrice,
      description: form.description,
    };
    if (!passes(ServiceRequestSchema, body)) return;
    save.mutate(
      { ...body, ...(form.id ? { id: form.id } : {}) },
      {
        onSuccess: () => {
          toast.success(form.id ? 'Service saved' : `${body.name.trim()} added`);
          onClose();
        },
        onError: (error) => failed(error, 'Failed to save the service', setErrors),
      },
    );
  };
  return (
    <DeferredModal
      opened={draft !== null}
      onClose={onClose}
      title={form.id ? 'Edit service' : 'Add a service'}
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <TextInput label="Name" required {...field('name')} />
          <NativeSelect
            label="How long it takes"
            data={serviceDurationOptions().map((minutes) => ({
              value: String(minutes),
              label: formatDuration(minutes),
            }))}
            {...field('durationMinutes')}
          />
          <WholePoundsInput label="From (minimum price)" required {...field('minimumPrice')} />
          <Textarea label="Description (optional)" autosize={false} minRows={2} {...field('description')} />
          <Group justify="flex-end" mt="sm">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={save.isPending}>
              Save Service
            </Button>
          </Group>
        </Stack>
      </form>
    </DeferredModal>
  );
}

interface MemberDraft {
  id?: string;
  name: string;
  serviceIds: string[];
  availability: TeamMember['availability'];
  awayDates: MemberAwayDate[];
}

/** Add or edit one team member: their name, the services they do, their hours and days away. */
function MemberDialog({
  draft,
  services,
  onClose,
}: {
  draft: MemberDraft | null;
  services: Service[];
  onClose: () => void;
}) {
  const save = useSaveMember();
  // Where a member's own hours start from: the shop's (Set Hours).
  const businessHours = useBusinessProfile().data?.availability;
  const { form, setForm, errors, setErrors, field, passes } = useDraftForm(
    draft,
    (opened): MemberDraft => opened ?? { name: '', serviceIds: [], availability: null, awayDates: [] },
  );
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body = {
      name: form.name,
      serviceIds: form.serviceIds,
      availability: form.availability,
      awayDates: form.awayDates,
    };
    if (!passes(MemberRequestSchema, body)) return;
    save.mutate(
      { ...body, ...(form.id ? { id: form.id } : {}) },
      {
        onSuccess: () => {
          toast.success(form.id ? 'Team member saved' : `${body.name.trim()} added to the team`);
          onClose();
        },
        onError: (error) => failed(error, 'Failed to save the team member', setErrors),
      },
    );
  };
  return (
    <DeferredModal
      opened={draft !== null}
      onClose={onClose}
      title={form.id ? 'Edit team member' : 'Add a team member'}
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <TextInput label="Name" required {...field('name')} />
          <Checkbox.Group
            label="Services they do"
            value={form.serviceIds}
            error={errors.serviceIds}
            onChange={(serviceIds) => setForm((current) => ({ ...current, serviceIds }))}
          >
            <Stack gap={6} mt={6}>
              {services.map((service) => (
                <Checkbox key={service.id} value={service.id} label={service.name} />
              ))}
            </Stack>
          </Checkbox.Group>
          <Switch
            label="Works the shop’s weekly hours"
            description={
              form.availability ? 'Their own hours below: customers can book them only then.' : undefined
            }
            checked={form.availability === null}
            onChange={(event) => {
              const shopHours = event.currentTarget.checked;
              setForm((current) => ({
                ...current,
                availability: shopHours ? null : oneShiftADay(businessHours),
              }));
            }}
          />
          {form.availability ? (
            <MemberHours
              value={form.availability}
              error={errors.availability}
              onChange={(availability) => setForm((current) => ({ ...current, availability }))}
            />
          ) : null}
          <MemberAwayDays
            name={form.name}
            value={form.awayDates}
            error={errors.awayDates}
            onChange={(awayDates) => setForm((current) => ({ ...current, awayDates }))}
          />
          <Group justify="flex-end" mt="sm">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={save.isPending}>
              Save Team Member
            </Button>
          </Group>
        </Stack>
      </form>
    </DeferredModal>
  );
}

/** 'Away 6 Apr – 10 Apr' for a member's first own period away from today, if any. */
function nextAwayText(member: TeamMember): string {
  const today = todayInLondon();
  const next = (member.awayDates ?? []).find((period) => period.endDate >= today);
  return next ? `Away ${awayPeriodText(next.startDate, next.endDate)}` : '';
}

/** One row of a list: what it is, and its buttons. */
function Row({ title, detail, actions }: { title: string; detail: string; actions: ReactNode }) {
  return (
    <Group justify="space-between" align="center" gap="xs" py={6}>
      <Stack gap={0} miw={0} style={{ flex: '1 1 12rem' }}>
        <Text fw={600}>{title}</Text>
        <Text size="sm" c="dimmed">
          {detail}
        </Text>
      </Stack>
      <Group gap={4} wrap="nowrap">
        {actions}
      </Group>
    </Group>
  );
}

/**
 * A shop's menu, team and how far apart its starts are (api-contract §9.3), in Configuration: add,
 * edit, reorder and remove services; add, edit and remove team members and the services they do.
 */
export function ServicesTeamCard() {
  const services = useServices();
  const team = useTeam();
  const settings = useBookingSettings();
  const saveSettings = useSaveBookingSettings();
  const reorder = useReorderServices();
  const removeService = useRemoveService();
  const removeMember = useRemoveMember();
  const [serviceDraft, setServiceDraft] = useState<ServiceDraft | null>(null);
  const [memberDraft, setMemberDraft] = useState<MemberDraft | null>(null);
  const blocks = useBlocks();
  const removeBlock = useRemoveBlock();
  const [blockDraft, setBlockDraft] = useState<BlockDraft | null>(null);

  if (services.isError || team.isError) {
    return (
      <Paper withBorder p="lg" component="section" aria-labelledby="services-title">
        <Title order={3} id="services-title" mb="sm">
          Services and team
        </Title>
        <LoadErrorAlert
          message={MESSAGES.failedToLoadData}
          onRetry={() => void Promise.all([services.refetch(), team.refetch()])}
        />
      </Paper>
    );
  }
  const menu = services.data?.services ?? [];
  const members = team.data?.team ?? [];
  const nameOf = (id: string) => menu.find((service) => service.id === id)?.name;
  const memberNameOf = (id: string) => members.find((member) => member.id === id)?.name ?? '';
  const move = (index: number, by: -1 | 1) => {
    const ids = menu.map((service) => service.id);
    const [moved] = ids.splice(index, 1);
    ids.splice(index + by, 0, moved!);
    reorder.mutate(ids, { onError: (error) => failed(error, 'Failed to reorder', () => {}) });
  };
  const remove = (run: () => Promise<unknown>, done: string) =>
    run().then(
      () => toast.success(done),
      (error: unknown) => failed(error, 'Could not remove it', () => {}),
    );

  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="services-title">
      <Stack gap="md">
        <div>
          <Title order={3} id="services-title">
            Services and team
          </Title>
          <Text size="sm" c="dimmed">
            What customers can book, how long each takes, and who does it. Customers choose a service, then a
            barber or anyone.
          </Text>
        </div>

        <section aria-label="Services">
          <Text fw={700} mb={4}>
            Services
          </Text>
          {menu.map((service, index) => (
            <Row
              key={service.id}
              title={service.name}
              detail={`${formatDuration(service.durationMinutes)} · from £${service.minimumPrice}`}
              actions={
                <>
                  <ActionIcon
                    variant="subtle"
                    aria-label={`Move ${service.name} up`}
                    disabled={index === 0 || reorder.isPending}
                    onClick={() => move(index, -1)}
                  >
                    ↑
                  </ActionIcon>
                  <ActionIcon
                    variant="subtle"
                    aria-label={`Move ${service.name} down`}
                    disabled={index === menu.length - 1 || reorder.isPending}
                    onClick={() => move(index, 1)}
                  >
                    ↓
                  </ActionIcon>
                  <Button
                    size="compact-sm"
                    variant="subtle"
                    aria-label={`Edit ${service.name}`}
                    onClick={() => setServiceDraft(draftOf(service))}
                  >
                    Edit
                  </Button>
                  <ConfirmButton
                    label="Remove"
                    accessibleName={`Remove ${service.name}`}
                    keepLabel="Keep It"
                    disabled={menu.length === 1}
                    first={{
                      title: 'Remove this service?',
                      body: `${service.name} will no longer be offered. Bookings already made for it stay as they are.`,
                      confirmLabel: 'Remove Service',
                    }}
                    onConfirm={() =>
                      remove(() => removeService.mutateAsync(service.id), `${service.name} removed`)
                    }
                    isPending={removeService.isPending}
                  />
                </>
              }
            />
          ))}
          {menu.length === 1 ? (
            <Text size="xs" c="dimmed">
              {SERVICE_MESSAGES.lastService}
            </Text>
          ) : null}
          <Button variant="light" mt="xs" onClick={() => setServiceDraft(draftOf())}>
            Add Service
          </Button>
        </section>

        <section aria-label="Team">
          <Text fw={700} mb={4}>
            Team
          </Text>
          {members.map((member) => (
            <Row
              key={member.id}
              title={member.name}
              detail={[member.serviceIds.map(nameOf).filter(Boolean).join(', '), nextAwayText(member)]
                .filter(Boolean)
                .join(' · ')}
              actions={
                <>
                  <Button
                    size="compact-sm"
                    variant="subtle"
                    aria-label={`Block time for ${member.name}`}
                    onClick={() =>
                      setBlockDraft({
                        memberId: member.id,
                        memberName: member.name,
                        date: todayInLondon(),
                        start: '13:00',
                        end: '14:00',
                        reason: '',
                      })
                    }
                  >
                    Block Time
                  </Button>
                  <Button
                    size="compact-sm"
                    variant="subtle"
                    aria-label={`Edit ${member.name}`}
                    onClick={() =>
                      setMemberDraft({
                        id: member.id,
                        name: member.name,
                        serviceIds: member.serviceIds,
                        availability: member.availability,
                        awayDates: member.awayDates ?? [],
                      })
                    }
                  >
                    Edit
                  </Button>
                  <ConfirmButton
                    label="Remove"
                    accessibleName={`Remove ${member.name}`}
                    keepLabel="Keep"
                    disabled={members.length === 1}
                    first={{
                      title: 'Remove this team member?',
                      body: `${member.name} will no longer be offered to customers.`,
                      confirmLabel: 'Remove Team Member',
                    }}
                    onConfirm={() =>
                      remove(() => removeMember.mutateAsync(member.id), `${member.name} removed`)
                    }
                    isPending={removeMember.isPending}
                  />
                </>
              }
            />
          ))}
          <Button
            variant="light"
            mt="xs"
            onClick={() =>
              setMemberDraft({
                name: '',
                serviceIds: menu.map((service) => service.id),
                availability: null,
                awayDates: [],
              })
            }
          >
            Add Team Member
          </Button>
        </section>

        <section aria-label="Blocked time">
          <Text fw={700} mb={4}>
            Blocked time
          </Text>
          {(blocks.data?.blocks ?? []).length === 0 ? (
            <Text size="sm" c="dimmed">
              No time blocked. Use Block Time on a team member for a lunch or a course.
            </Text>
          ) : null}
          {(blocks.data?.blocks ?? []).map((block) => {
            const who = memberNameOf(block.memberId);
            return (
              <Row
                key={block.id}
                title={`${formatShortDate(block.date)}, ${block.start}–${block.end}`}
                detail={[who, block.reason].filter(Boolean).join(' · ')}
                actions={
                  <ConfirmButton
                    label="Remove"
                    accessibleName={`Remove blocked time ${formatShortDate(block.date)} ${block.start}`}
                    keepLabel="Keep"
                    first={{
                      title: 'Free this time?',
                      body: `Customers will be able to book ${who || 'this team member'} from ${block.start} to ${block.end} again.`,
                      confirmLabel: 'Free Time',
                    }}
                    onConfirm={() => remove(() => removeBlock.mutateAsync(block.id), 'Time freed')}
                    isPending={removeBlock.isPending}
                  />
                }
              />
            );
          })}
        </section>

        <NativeSelect
          label="Starts every"
          description="How far apart the times customers can choose are."
          value={String(settings.data?.slotStepMinutes ?? 60)}
          disabled={!settings.data || saveSettings.isPending}
          data={SLOT_STEPS.map((step) => ({ value: String(step), label: `${step} minutes` }))}
          onChange={(event) =>
            saveSettings.mutate(
              { slotStepMinutes: Number(event.currentTarget.value) },
              {
                onSuccess: () => toast.success('Saved'),
                onError: (error) => failed(error, 'Failed to save', () => {}),
              },
            )
          }
        />
      </Stack>
      <ServiceDialog draft={serviceDraft} onClose={() => setServiceDraft(null)} />
      <MemberDialog draft={memberDraft} services={menu} onClose={() => setMemberDraft(null)} />
      <BlockDialog draft={blockDraft} onClose={() => setBlockDraft(null)} />
    </Paper>
  );
}
