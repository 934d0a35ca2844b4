import { MESSAGES } from '@app/domain';
import { Alert, Anchor, Button, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { DeferredModal } from '@/components/deferred-modal';
import { IconAlert, IconMapPin } from '@/components/icons';
import { paths } from '@/config/paths';
import { userDetailsQueryOptions } from '@/lib/auth';
import classes from './booking-wizard.module.css';

interface HomeVisitAddressModalProps {
  opened: boolean;
  /** Confirms the home visit at the customer's profile address. */
  onConfirm: (address: string) => void;
  /** Closed without confirming (Cancel, the close button, Escape or a click outside). */
  onDismiss: () => void;
}

/**
 * A home visit goes to the customer's profile address (GET /user/userdetails). Without one the
 * confirm button stays disabled and the address-required message links to /profile.
 */
export function HomeVisitAddressModal({ opened, onConfirm, onDismiss }: HomeVisitAddressModalProps) {
  const userDetails = useQuery({ ...userDetailsQueryOptions(), enabled: opened });
  const address = userDetails.data?.Address?.trim() || null;

  return (
    <DeferredModal
      opened={opened}
      onClose={onDismiss}
      title="Home visit address"
      centered
      classNames={{ title: classes.modalTitle }}
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <Stack gap="md">
        {userDetails.isPending ? (
          <Group gap="sm" role="status">
            <Loader size="sm" aria-hidden="true" />
            <Text size="sm">Loading your address...</Text>
          </Group>
        ) : userDetails.isError ? (
          <Alert color="red" variant="light" icon={<IconAlert />} title={MESSAGES.failedToLoadAddress}>
            <Button
              variant="white"
              color="red"
              size="sm"
              onClick={() => userDetails.refetch()}
              loading={userDetails.isRefetching}
            >
              Retry
            </Button>
          </Alert>
        ) : address ? (
          <>
            <Text size="sm">Your barber will come to the address in your profile:</Text>
            <Paper withBorder p="md" bg="gray.0">
              <Group gap="sm" wrap="nowrap" align="flex-start">
                <IconMapPin size={20} />
                <Text fw={600} data-testid="home-visit-address">
                  {address}
                </Text>
              </Group>
            </Paper>
            <Text size="sm" c="dimmed">
              Moved?{' '}
              <Anchor component={Link} to={paths.profile.getHref()}>
                Change your address in your profile
              </Anchor>
              .
            </Text>
          </>
        ) : (
          <Alert color="orange" variant="light" icon={<IconAlert />} title={MESSAGES.addressRequiredTitle}>
            <Stack gap="xs" align="flex-start">
              <Text size="sm">{MESSAGES.homeVisitAddressRequired}</Text>
              <Anchor component={Link} to={paths.profile.getHref()} size="sm" fw={600}>
                Add an address in your profile
              </Anchor>
            </Stack>
          </Alert>
        )}
        <div className={classes.modalActions}>
          <Button variant="default" onClick={onDismiss}>
            Cancel
          </Button>
          <Button disabled={!address} onClick={() => address && onConfirm(address)}>
            Confirm Address
          </Button>
        </div>
      </Stack>
    </DeferredModal>
  );
}
