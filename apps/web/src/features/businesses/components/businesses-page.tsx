import { type BusinessSummary, MESSAGES } from '@app/domain';
import {
  Alert,
  Avatar,
  Badge,
  Button,
  Container,
  Group,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { Link } from 'react-router';
import { BusinessAddress } from '@/components/business-address';
import { IconAlert, IconMapPin } from '@/components/icons';
import { paths } from '@/config/paths';
import { initialsOf } from '@/lib/initials';
import { useBusinesses } from '../api/get-businesses';
import classes from './businesses-page.module.css';

const SKELETON_CARDS = 6;

const businessPersonName = (business: Pick<BusinessSummary, 'FirstName' | 'LastName'>) =>
  `${business.FirstName} ${business.LastName}`.trim();

const businessNameOf = (business: Pick<BusinessSummary, 'BusinessName'>) =>
  business.BusinessName.trim() || MESSAGES.unknownBusiness;

function BusinessCard({ business }: { business: BusinessSummary }) {
  const nameId = `business-${business.id}-name`;
  const businessNameId = `business-${business.id}-business-name`;
  const personName = businessPersonName(business) || businessNameOf(business);
  return (
    <Paper component="article" withBorder p="lg" className={classes.card} aria-labelledby={nameId}>
      <Group wrap="nowrap" align="flex-start" gap="md">
        <Avatar size={52} radius="xl" color="brand" variant="light" aria-hidden="true">
          {initialsOf(business.FirstName, business.LastName)}
        </Avatar>
        <Stack gap={2} miw={0}>
          <Title order={2} fz="lg" id={nameId} className={classes.name}>
            {personName}
          </Title>
          <Text c="dimmed" fw={500} id={businessNameId}>
            {businessNameOf(business)}
          </Text>
        </Stack>
      </Group>
      <BusinessAddress address={business.BusinessAddress} businessName={businessNameOf(business)} />
      {business.BusinessDescription.trim() ? (
        <Text size="sm" c="dark.5" lineClamp={3}>
          {business.BusinessDescription}
        </Text>
      ) : null}
      <Group gap="xs">
        {typeof business.minimumPrice === 'number' ? (
          <Badge variant="light" color="brand" size="lg" radius="sm" tt="none">
            From £{business.minimumPrice}
          </Badge>
        ) : null}
        {business.homeVisitsEnabled ? (
          <Badge
            variant="light"
            color="copper"
            size="lg"
            radius="sm"
            tt="none"
            leftSection={<IconMapPin size={14} />}
          >
            Home visits
          </Badge>
        ) : null}
      </Group>
      <Button
        component={Link}
        to={paths.booking.getHref(business.id)}
        size="md"
        fullWidth
        className={classes.action}
        aria-describedby={`${nameId} ${businessNameId}`}
      >
        Request Now
      </Button>
    </Paper>
  );
}

function BusinessesSkeleton() {
  return (
    <div role="status" aria-live="polite">
      <VisuallyHidden>Loading businesses...</VisuallyHidden>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="lg" aria-hidden="true">
        {Array.from({ length: SKELETON_CARDS }, (_, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
          <Paper key={index} withBorder p="lg" className={classes.card} data-testid="business-skeleton">
            <Group wrap="nowrap" gap="md">
              <Skeleton height={52} circle />
              <Stack gap={8} style={{ flex: 1 }}>
                <Skeleton height={16} width="70%" />
                <Skeleton height={12} width="50%" />
              </Stack>
            </Group>
            <Skeleton height={12} />
            <Skeleton height={12} width="85%" />
            <Skeleton height={42} mt="auto" />
          </Paper>
        ))}
      </SimpleGrid>
    </div>
  );
}

/** Spec §2 "Businesses list": public; every confirmed, listed business with a 'Request Now' link. */
export function BusinessesPage() {
  const { data: businesses, isError, refetch, isRefetching } = useBusinesses();

  return (
    <Container size="lg" py={{ base: 'xl', sm: 48 }}>
      <Stack gap={6} mb={{ base: 'lg', sm: 'xl' }}>
        <Title order={1} fz={{ base: 28, sm: 36 }}>
          Available Barbers
        </Title>
        <Text c="dimmed" size="lg">
          Barbers and hair and beauty providers across Northern Ireland. Pick one, choose a time and offer
          your price.
        </Text>
      </Stack>

      {businesses ? (
        businesses.length === 0 ? (
          <Paper withBorder p="xl" ta="center">
            <Text size="lg" c="dimmed">
              {MESSAGES.noBusinessesFound}
            </Text>
          </Paper>
        ) : (
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="lg">
            {businesses.map((business) => (
              <BusinessCard key={business.id} business={business} />
            ))}
          </SimpleGrid>
        )
      ) : isError ? (
        <Alert
          color="red"
          variant="light"
          title={MESSAGES.failedToLoadBusinesses}
          icon={<IconAlert />}
          maw={560}
        >
          <Stack gap="sm" align="flex-start">
            <Text size="sm">Check your connection and try again.</Text>
            <Button variant="white" color="red" onClick={() => refetch()} loading={isRefetching}>
              Try again
            </Button>
          </Stack>
        </Alert>
      ) : (
        <BusinessesSkeleton />
      )}
    </Container>
  );
}
