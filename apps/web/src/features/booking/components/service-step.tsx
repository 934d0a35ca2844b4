import { type AvailableTimesResponse, formatDuration } from '@app/domain';
import { Chip, Group, Radio, Stack, Text } from '@mantine/core';
import classes from './booking-wizard.module.css';

/** The value of the barber choice that leaves it to the shop (api-contract §9.3). */
export const ANYONE = 'anyone';

interface ServiceStepProps {
  services: AvailableTimesResponse['services'];
  team: AvailableTimesResponse['team'];
  serviceId: string;
  memberId: string | null;
  onServiceChange: (serviceId: string) => void;
  onMemberChange: (memberId: string | null) => void;
}

/**
 * The first step at a shop with a menu or a team (api-contract §9.3): the service (its name, how
 * long it takes, from what price), then a barber who does it, "Anyone" by default.
 */
export function ServiceStep({
  services,
  team,
  serviceId,
  memberId,
  onServiceChange,
  onMemberChange,
}: ServiceStepProps) {
  const doing = team.filter((member) => member.serviceIds.includes(serviceId));
  return (
    <Stack gap="lg">
      <Radio.Group value={serviceId} onChange={onServiceChange} label="What would you like?" size="md">
        <Stack gap="sm" mt="xs">
          {services.map((service) => (
            <Radio.Card
              key={service.id}
              value={service.id}
              className={classes.choiceCard}
              aria-label={`${service.name}, ${formatDuration(service.durationMinutes)}, from £${service.minimumPrice}`}
            >
              <Group justify="space-between" wrap="nowrap" align="flex-start" gap="md">
                <Stack gap={2} miw={0}>
                  <Text fw={700}>{service.name}</Text>
                  <Text size="sm" c="dimmed">
                    {formatDuration(service.durationMinutes)}
                    {service.description ? ` · ${service.description}` : ''}
                  </Text>
                </Stack>
                <Text fw={700} style={{ whiteSpace: 'nowrap' }}>
                  from £{service.minimumPrice}
                </Text>
              </Group>
            </Radio.Card>
          ))}
        </Stack>
      </Radio.Group>
      {doing.length > 1 ? (
        <Stack gap="xs">
          <Text fw={600} size="md" id="barber-choice">
            Who would you like?
          </Text>
          <Chip.Group
            multiple={false}
            value={memberId ?? ANYONE}
            onChange={(value) => onMemberChange(value === ANYONE ? null : value)}
          >
            <Group gap="xs" role="radiogroup" aria-labelledby="barber-choice">
              <Chip value={ANYONE} size="md">
                Anyone
              </Chip>
              {doing.map((member) => (
                <Chip key={member.id} value={member.id} size="md">
                  {member.name}
                </Chip>
              ))}
            </Group>
          </Chip.Group>
        </Stack>
      ) : null}
    </Stack>
  );
}
