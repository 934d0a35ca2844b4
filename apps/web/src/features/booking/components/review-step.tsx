import {
  amountDuePence,
  formatDuration,
  formatPence,
  type OnlinePayment,
  onlinePaymentNotice,
  type Service,
} from '@app/domain';
import { Alert, Anchor, Button, Paper, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { BusinessAddress } from '@/components/business-address';
import { IconAlert } from '@/components/icons';
import { formatSlot } from '../utils/booking-time';
import type { WizardStepKey } from '../utils/wizard-steps';
import classes from './booking-wizard.module.css';
import type { BookingLocation } from './location-step';

interface ReviewStepProps {
  personName: string;
  businessName: string;
  /** The shop's address as customers see it (api-contract §8.5). */
  businessAddress: string;
  slot: string;
  price: number;
  /** Null when the business has no Location step (always at the shop). */
  location: BookingLocation | null;
  homeAddress: string | null;
  /** False once a refetch shows the chosen hour has gone (taken meanwhile). */
  isSlotStillFree: boolean;
  /** What the business asks customers to pay online once it agrees (api-contract §9.2). */
  onlinePayment: OnlinePayment | null;
  /** The service asked for, where the shop has a choice (api-contract §9.3); null: its one service. */
  service?: Pick<Service, 'name' | 'durationMinutes'> | null;
  /** The barber asked for; null: anyone (the shop assigns one). */
  memberName?: string | null;
  onEdit: (step: WizardStepKey) => void;
}

function ReviewRow({
  term,
  children,
  editLabel,
  onEdit,
}: {
  term: string;
  children: ReactNode;
  editLabel?: string;
  onEdit?: () => void;
}) {
  return (
    <div className={classes.reviewRow}>
      <dt className={classes.reviewTerm}>{term}</dt>
      <dd className={classes.reviewValue}>{children}</dd>
      {/* A second <dd>: a definition list's group may hold only <dt> and <dd> (axe definition-list). */}
      {onEdit ? (
        <dd className={classes.reviewAction}>
          <Anchor component="button" type="button" size="sm" fw={600} onClick={onEdit} aria-label={editLabel}>
            Change
          </Anchor>
        </dd>
      ) : null}
    </div>
  );
}

/** Last step: everything the request will say, each part one tap from being changed. */
export function ReviewStep({
  personName,
  businessName,
  businessAddress,
  slot,
  price,
  location,
  homeAddress,
  isSlotStillFree,
  onlinePayment,
  service = null,
  memberName = null,
  onEdit,
}: ReviewStepProps) {
  const isHomeVisit = location === 'home';
  return (
    <Stack gap="md">
      {!isSlotStillFree ? (
        <Alert color="orange" variant="light" icon={<IconAlert />} title="This time is no longer available">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">Someone else has just taken it. Please choose another time.</Text>
            <Button variant="white" color="orange" size="sm" onClick={() => onEdit('dateTime')}>
              Choose another time
            </Button>
          </Stack>
        </Alert>
      ) : null}
      <Paper withBorder p={{ base: 'md', sm: 'lg' }} component="section" aria-label="Your request">
        <dl className={classes.reviewList}>
          {service ? (
            <ReviewRow term="Service" editLabel="Change service" onEdit={() => onEdit('service')}>
              <Text fw={700}>{service.name}</Text>
              <Text size="sm" c="dimmed">
                {formatDuration(service.durationMinutes)} with {memberName ?? 'the first free barber'}
              </Text>
            </ReviewRow>
          ) : null}
          {/* At a shop with a team, the barber is the service's: the shop is named here. */}
          <ReviewRow term={service ? 'Shop' : 'Barber'}>
            <Text fw={700}>{service ? businessName : personName}</Text>
            <Text size="sm" c="dimmed">
              {service ? personName : businessName}
            </Text>
          </ReviewRow>
          <ReviewRow term="Date & time" editLabel="Change date and time" onEdit={() => onEdit('dateTime')}>
            <Text fw={700}>{formatSlot(slot)}</Text>
          </ReviewRow>
          <ReviewRow term="Price" editLabel="Change price" onEdit={() => onEdit('price')}>
            <Text fw={700}>£{price}</Text>
          </ReviewRow>
          <ReviewRow
            term="Location"
            editLabel="Change location"
            onEdit={location === null ? undefined : () => onEdit('location')}
          >
            <Text fw={700}>{isHomeVisit ? 'Home visit' : 'At the shop'}</Text>
            {isHomeVisit && homeAddress ? (
              <Text size="sm" c="dimmed">
                {homeAddress}
              </Text>
            ) : null}
            {isHomeVisit ? null : <BusinessAddress address={businessAddress} businessName={businessName} />}
          </ReviewRow>
          {onlinePayment ? (
            <ReviewRow term="Paid online">
              <Text fw={700}>{formatPence(amountDuePence(price, onlinePayment))} once agreed</Text>
              <Text size="sm" c="dimmed">
                {onlinePaymentNotice(onlinePayment)}.
              </Text>
            </ReviewRow>
          ) : null}
        </dl>
      </Paper>
      <Text size="sm" c="dimmed">
        Nothing is charged now. {personName} will approve your request, suggest another price, or decline; you
        will find it under Requested on your profile.
      </Text>
    </Stack>
  );
}
