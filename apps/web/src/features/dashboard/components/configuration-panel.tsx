import {
  CANCELLATION_NOTICE_HOURS_DEFAULT,
  cancellationNoticeError,
  formatPostcodeDistricts,
  isFractionalNumber,
  MAX_HOME_VISIT_DISTRICTS_TEXT,
  MESSAGES,
  MINIMUM_PRICE_TOAST_MS,
  minimumPriceError,
  parsePostcodeDistricts,
  parseWholePounds,
  type UserProfile,
} from '@app/domain';
import { Button, Grid, Group, Paper, Skeleton, Stack, Switch, Text, TextInput, Title } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { LoadErrorAlert } from '@/components/load-error-alert';
import { WholePoundsInput } from '@/components/whole-pounds-input';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { getAccessToken } from '@/lib/session';
import { toast } from '@/lib/toast';
import { useSingleFlight } from '@/lib/use-single-flight';
import { useBusinessProfile } from '../api/business-profile';
import { useUpdateCancellationPolicyMutation } from '../api/update-cancellation-policy';
import { useUpdateHomeVisitMutation } from '../api/update-home-visit';
import { useUpdateMinimumPriceMutation } from '../api/update-minimum-price';
import { showFailure } from '../utils/errors';
import { AwayDatesCard } from './away-dates-card';
import { CalendarExportCard } from './calendar-export-card';

/** Spec §5 'Prices and other admin rules': saving the minimum price requires login. */
export const SAVING_REQUIRES_LOGIN = 'Saving requires login';

/**
 * Says saving needs a login and goes to the login page (the session has ended), which says so and
 * comes back to this tab once signed in (issue 29, item 3).
 */
function useRequireLogin() {
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  return () => {
    toast.error({ title: MESSAGES.authenticationRequired, message: SAVING_REQUIRES_LOGIN });
    navigate(paths.login.getHref(`${pathname}${search}`, { sessionEnded: true }));
  };
}

function MinimumPriceCard({ profile }: { profile: UserProfile }) {
  const requireLogin = useRequireLogin();
  const current = profile.minimumPrice;
  // The text as typed: a decimal is refused, never turned into another number (api-contract §8.1).
  const [value, setValue] = useState(String(current ?? ''));
  const [isTouched, setIsTouched] = useState(false);
  const updateMinimumPrice = useUpdateMinimumPriceMutation();
  const saving = useSingleFlight();
  const error = minimumPriceError(value);
  // A decimal is said at once; a missing or out-of-range price once the field is left or saved.
  const shownError = isTouched || error === MESSAGES.wholePounds ? error : null;

  const save = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (saving.isInFlight()) return;
    setIsTouched(true);
    if (error) return;
    // The session may have ended (another tab signed out) since this page loaded.
    if (!getAccessToken()) {
      requireLogin();
      return;
    }
    // NOTE: mutateAsync, not mutate's callbacks: when the session cannot be refreshed the page
    // unmounts (the guard sends the person to /login), and mutate's callbacks would then not run.
    void saving.run(() =>
      // parseWholePounds: '£30' as people type it is 30 (the rule above has already passed it).
      updateMinimumPrice.mutateAsync(parseWholePounds(value) ?? Number(value)).then(
        () => {
          setIsTouched(false);
          toast.success({ message: MESSAGES.minimumPriceUpdated, durationMs: MINIMUM_PRICE_TOAST_MS });
        },
        (failure: unknown) => {
          // A 401 here means the session could not be refreshed: the client has already ended it.
          if (failure instanceof ApiError && failure.status === 401) {
            requireLogin();
            return;
          }
          showFailure(failure, {
            title: MESSAGES.failedToUpdateMinimumPrice,
            fallback: MESSAGES.failedToSaveMinimumPrice,
          });
        },
      ),
    );
  };

  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="minimum-price-title">
      <Title order={2} fz="h4" id="minimum-price-title" mb={4}>
        Minimum Price
      </Title>
      <Text c="dimmed" size="sm" mb="md">
        The least a customer can offer for an appointment. Customers see it when they book.
      </Text>
      <form onSubmit={save} noValidate aria-label="Minimum price">
        <Stack gap="md" align="flex-start">
          <WholePoundsInput
            label="Minimum price (£)"
            value={value}
            onChange={(event) => setValue(event.currentTarget.value)}
            onBlur={() => setIsTouched(true)}
            error={shownError}
            size="md"
            w={{ base: '100%', xs: 220 }}
          />
          <Button type="submit" loading={updateMinimumPrice.isPending}>
            Save Minimum Price
          </Button>
        </Stack>
      </form>
    </Paper>
  );
}

export const CANCELLATION_NOTICE_SAVED = 'Cancellation notice saved';

/**
 * Whole hours 0–72 (api-contract §8.4): until how long before an agreed appointment a customer may
 * cancel it online.
 */
function CancellationNoticeCard({ profile }: { profile: UserProfile }) {
  const requireLogin = useRequireLogin();
  // The text as typed, like the minimum price: a decimal is refused, never rounded.
  const [value, setValue] = useState(
    String(profile.cancellationNoticeHours ?? CANCELLATION_NOTICE_HOURS_DEFAULT),
  );
  const [isTouched, setIsTouched] = useState(false);
  const updatePolicy = useUpdateCancellationPolicyMutation();
  const saving = useSingleFlight();
  const error = cancellationNoticeError(value);
  const shownError = isTouched || isFractionalNumber(value) ? error : null;

  const save = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (saving.isInFlight()) return;
    setIsTouched(true);
    if (error) return;
    if (!getAccessToken()) {
      requireLogin();
      return;
    }
    const hours = Number(value);
    void saving.run(() =>
      updatePolicy.mutateAsync(hours).then(
        () => {
          setIsTouched(false);
          setValue(String(hours));
          toast.success(CANCELLATION_NOTICE_SAVED);
        },
        (failure: unknown) => {
          if (failure instanceof ApiError && failure.status === 401) {
            requireLogin();
            return;
          }
          showFailure(failure, {
            title: 'Failed to update cancellation notice',
            fallback: 'Failed to save cancellation notice',
          });
        },
      ),
    );
  };

  return (
    <Paper
      withBorder
      p={{ base: 'md', sm: 'lg' }}
      component="section"
      aria-labelledby="cancellation-notice-title"
    >
      <Title order={2} fz="h4" id="cancellation-notice-title" mb={4}>
        Cancellation Notice
      </Title>
      <Text c="dimmed" size="sm" mb="md">
        Customers can cancel an approved booking online until this many hours before it starts. Use 0 to let
        them cancel up to the start. Customers see it when they book.
      </Text>
      <form onSubmit={save} noValidate aria-label="Cancellation notice">
        <Stack gap="md" align="flex-start">
          <TextInput
            label="Cancellation notice (hours)"
            description="Whole hours from 0 to 72"
            inputMode="numeric"
            autoComplete="off"
            value={value}
            onChange={(event) => setValue(event.currentTarget.value)}
            onBlur={() => setIsTouched(true)}
            error={shownError}
            size="md"
            w={{ base: '100%', xs: 300 }}
          />
          <Button type="submit" loading={updatePolicy.isPending}>
            Save Cancellation Notice
          </Button>
        </Stack>
      </form>
    </Paper>
  );
}

function HomeVisitCard({ profile }: { profile: UserProfile }) {
  const saved = profile.homeVisitsEnabled ?? false;
  // Shown at once when toggled; put back if the server refuses.
  const [optimistic, setOptimistic] = useState<boolean | null>(null);
  const updateHomeVisit = useUpdateHomeVisitMutation();
  const saving = useSingleFlight();
  const checked = optimistic ?? saved;

  const toggle = (next: boolean) => {
    void saving.run(() => {
      setOptimistic(next);
      return updateHomeVisit.mutateAsync({ homeVisitsEnabled: next }).then(
        () => {
          setOptimistic(null);
          toast.success(next ? 'Home visits turned on' : 'Home visits turned off');
        },
        (failure) => {
          setOptimistic(null);
          showFailure(failure, {
            title: MESSAGES.failedToUpdateHomeVisit,
            fallback: MESSAGES.failedToUpdateHomeVisitRetry,
          });
        },
      );
    });
  };

  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="home-visits-title">
      <Title order={2} fz="h4" id="home-visits-title" mb="md">
        Home Visits
      </Title>
      {/* The description sits outside the switch's <label>, so the switch's name is just its label. */}
      <Switch
        label="I offer home visits"
        aria-describedby="home-visits-description"
        checked={checked}
        onChange={(event) => toggle(event.currentTarget.checked)}
        disabled={updateHomeVisit.isPending}
        size="md"
      />
      <Text id="home-visits-description" c="dimmed" size="sm" mt="xs">
        Customers can ask you to come to their address. Their booking shows the address.
      </Text>
      {checked ? <HomeVisitDistricts profile={profile} /> : null}
    </Paper>
  );
}

/**
 * Where the business travels for home visits (issue 29, item 19): postcode districts as a list and
 * ranges ('BT1-BT9, BT20'), checked as typed; empty for anywhere. Customers outside them are told
 * before they send a request.
 */
function HomeVisitDistricts({ profile }: { profile: UserProfile }) {
  const saved = formatPostcodeDistricts(profile.homeVisitDistricts ?? []);
  const [text, setText] = useState(saved);
  const [isTouched, setIsTouched] = useState(false);
  const update = useUpdateHomeVisitMutation();
  const saving = useSingleFlight();
  const parsed = parsePostcodeDistricts(text);
  const error = 'error' in parsed ? parsed.error : null;
  const isDirty = 'districts' in parsed ? formatPostcodeDistricts(parsed.districts) !== saved : true;

  const save = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setIsTouched(true);
    if (error || saving.isInFlight()) return;
    void saving.run(() =>
      update.mutateAsync({ homeVisitDistricts: text }).then(
        (next) => {
          const districts = formatPostcodeDistricts(next.homeVisitDistricts ?? []);
          setText(districts);
          setIsTouched(false);
          toast.success({
            title: 'Home visit area saved',
            message: districts ? `You travel to ${districts}.` : 'You travel anywhere in Northern Ireland.',
          });
        },
        (failure) =>
          showFailure(failure, {
            title: MESSAGES.failedToUpdateHomeVisit,
            fallback: MESSAGES.failedToUpdateHomeVisitRetry,
          }),
      ),
    );
  };

  return (
    <form onSubmit={save} noValidate aria-label="Home visit area">
      <Stack gap="xs" mt="md">
        <TextInput
          label="Postcode districts you travel to"
          description="For example BT1-BT9, BT20. Leave empty to travel anywhere in Northern Ireland."
          value={text}
          onChange={(event) => setText(event.currentTarget.value)}
          onBlur={() => setIsTouched(true)}
          maxLength={MAX_HOME_VISIT_DISTRICTS_TEXT}
          error={isTouched ? error : null}
          inputWrapperOrder={['label', 'input', 'description', 'error']}
        />
        <Group>
          <Button type="submit" variant="default" loading={update.isPending} disabled={!isDirty}>
            Save Area
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** The Configuration tab: minimum price, home visits, cancellation notice, away dates, calendar and export. */
export function ConfigurationPanel() {
  const profileQuery = useBusinessProfile();
  const profile = profileQuery.data;

  if (!profile) {
    if (profileQuery.isError) {
      return <LoadErrorAlert message={MESSAGES.failedToLoadData} onRetry={() => profileQuery.refetch()} />;
    }
    return <Skeleton height={360} radius="lg" aria-label="Loading your settings" />;
  }

  return (
    <Grid gap={{ base: 'md', lg: 'xl' }}>
      <Grid.Col span={{ base: 12, md: 5 }}>
        <Stack gap="md">
          <MinimumPriceCard profile={profile} />
          <HomeVisitCard profile={profile} />
          <CancellationNoticeCard profile={profile} />
        </Stack>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 7 }}>
        <Stack gap="md">
          <AwayDatesCard profile={profile} />
          <CalendarExportCard />
        </Stack>
      </Grid.Col>
    </Grid>
  );
}
