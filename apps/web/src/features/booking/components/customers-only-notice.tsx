import { MESSAGES } from '@app/domain';
import { Alert, Button, Container, Group, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { IconAlert } from '@/components/icons';
import { paths } from '@/config/paths';

/**
 * A Business or Admin on a booking page: only customers may request appointments (the server
 * answers 403), so this is said before step 1 instead of after the last one.
 */
export function CustomersOnlyNotice() {
  return (
    <Container size="sm" py={{ base: 'xl', sm: 56 }}>
      <Stack gap="lg">
        <Title order={1} fz={{ base: 24, sm: 30 }}>
          Request an appointment
        </Title>
        <Alert color="copper" variant="light" icon={<IconAlert />} title={MESSAGES.accountTypeNotAllowed}>
          <Stack gap="sm" align="flex-start">
            <Text size="sm">
              Appointments are requested from a customer account. Sign in with a customer account to book, or
              go back to your dashboard.
            </Text>
            <Group gap="sm">
              <Button component={Link} to={paths.admin.getHref()}>
                Go to Dashboard
              </Button>
              <Button component={Link} to={paths.businesses.getHref()} variant="default">
                Browse Businesses
              </Button>
            </Group>
          </Stack>
        </Alert>
      </Stack>
    </Container>
  );
}
