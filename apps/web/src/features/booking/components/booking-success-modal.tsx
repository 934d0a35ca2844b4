import { Button, Group, Stack, Text, ThemeIcon } from '@mantine/core';
import { useNavigate } from 'react-router';
import { DeferredModal } from '@/components/deferred-modal';
import { IconCheck } from '@/components/icons';
import { paths } from '@/config/paths';
import classes from './booking-wizard.module.css';

interface BookingSuccessModalProps {
  opened: boolean;
  personName: string;
  when: string;
  /** The new booking's id, brought into view on the profile; null when the response had none. */
  bookingId: string | null;
}

/**
 * Spec §2: after a successful request, 'Go to Appointments' goes to /profile, on the Requested tab
 * with the new request in view (the dialog says it is there), and Close goes to /.
 */
export function BookingSuccessModal({ opened, personName, when, bookingId }: BookingSuccessModalProps) {
  const navigate = useNavigate();
  const appointments = paths.profile.getHref({
    tab: 'requested',
    ...(bookingId ? { booking: bookingId } : {}),
  });
  const close = () => navigate(paths.home.getHref());
  return (
    <DeferredModal
      opened={opened}
      onClose={close}
      title="Request sent"
      centered
      classNames={{ title: classes.modalTitle }}
      withCloseButton={false}
      closeOnClickOutside={false}
    >
      <Stack gap="md">
        <Group gap="md" wrap="nowrap" align="flex-start">
          <ThemeIcon color="teal" variant="light" size={44} radius="xl" aria-hidden="true">
            <IconCheck size={24} />
          </ThemeIcon>
          <Text>
            Your request for {when} has been sent to {personName}. You will find it under Requested in your
            appointments.
          </Text>
        </Group>
        <div className={classes.modalActions}>
          <Button variant="default" onClick={close}>
            Close
          </Button>
          <Button onClick={() => navigate(appointments)}>Go to Appointments</Button>
        </div>
      </Stack>
    </DeferredModal>
  );
}
