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
  type Service,
  type UserProfile,
} from '@app/domain';
import { Button, Grid, Group, Paper, Stack, Switch, Text, TextInput, Title } from '@mantine/core';
import { type ChangeEvent, type FormEvent, type ReactNode, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { DownloadMyData } from '@/components/download-my-data';
import { WholePoundsInput } from '@/components/whole-pounds-input';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { getAccessToken } from '@/lib/session';
import { toast } from '@/lib/toast';
import { useSingleFlight } from '@/lib/use-single-flight';
import { useServices } from '../api/catalog';
import { useUpdateCancellationPolicyMutation } from '../api/update-cancellation-policy';
import { useUpdateHomeVisitMutation } from '../api/update-home-visit';
import { useUpdateMinimumPriceMutation } from '../api/update-minimum-price';
import { showFailure } from '../utils/errors';
import { AwayDatesCard } from './away-dates-card';
import { BusinessProfileGate } from './business-profile-gate';
import { CalendarExportCard } from './calendar-export-card';
import { PaymentsCard } from './payments-card';
import { ServicesTeamCard } from './services-team-card';

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
    toast.signInRequired({ title: MESSAGES.authenticationRequired, message: SAVING_REQUIRES_LOGIN });
    navigate(paths.login.getHref(`${pathname}${search}`, { sessionEnded: true }));
  };
}

interface NumberSettingField {
  value: string;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
  onBlur: () => void;
  error: string | null;
}

interface NumberSettingCardProps {
  /** Names the section (its title's id) and its form. */
  id: string;
  title: string;
  description: string;
  formLabel: string;
  saveLabel: string;
  /** The text the field starts with: the saved value. */
  initial: string;
  /** The rule the text as typed must pass (the API's own): a decimal is refused, never rounded. */
  errorOf: (text: string) => string | null;
  /** Whether an error is said as it is typed (a decimal) rather than once the field is left. */
  saysAtOnce: (text: string, error: string | null) => boolean;
  /**
   * Saves the text (it has passed the rule) and says so; resolves to what the field then shows, or
   * to nothing to leave it as it is (what was typed meanwhile stays).
   */
  save: (text: string) => Promise<string | undefined>;
  isSaving: boolean;
  failure: { title: string; fallback: string };
  children: (field: NumberSettingField) => ReactNode;
}

/**
 * One number the business sets in Configuration, saved with its own button (spec §5): checked as
 * typed, saved once however often it is pressed, and a session that has ended sends the person to
 * sign in (spec: 'Saving requires login').
 */
function NumberSettingCard(props: NumberSettingCardProps) {
  const { id, title, description, formLabel, saveLabel, errorOf, saysAtOnce, failure } = props;
  const requireLogin = useRequireLogin();
  const [value, setValue] = useState(props.initial);
  const [isTouched, setIsTouched] = useState(false);
  const saving = useSingleFlight();
  const error = errorOf(value);
  const shownError = isTouched || saysAtOnce(value, error) ? error : null;

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
    // NOTE: a promise, not mutate's callbacks: when the session cannot be refreshed the page
    // unmounts (the guard sends the person to /login), and mutate's callbacks would then not run.
    void saving.run(() =>
      props.save(value).then(
        (shown) => {
          setIsTouched(false);
          if (shown !== undefined) setValue(shown);
        },
        (problem: unknown) => {
          // A 401 here means the session could not be refreshed: the client has already ended it.
          if (problem instanceof ApiError && problem.status === 401) {
            requireLogin();
            return;
          }
          showFailure(problem, failure);
        },
      ),
    );
  };

  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby={`${id}-title`}>
      <Title order={2} fz="h4" id={`${id}-title`} mb={4}>
        {title}
      </Title>
      <Text c="dimmed" size="sm" mb="md">
        {description}
      </Text>
      <form onSubmit={save} noValidate aria-label={formLabel}>
        <Stack gap="md" align="flex-start">
          {props.children({
            value,
            onChange: (event) => setValue(event.currentTarget.value),
            onBlur: () => setIsTouched(true),
            error: shownError,
          })}
          <Button type="submit" loading={props.isSaving}>
            {saveLabel}
          </Button>
        </Stack>
      </form>
    </Paper>
  );
}

/**
 * What the minimum price is: the server keeps it as the first service's minimum (api-contract
 * §9.3), so with several services it says which one, and where the others' minimums are.
 */
export function minimumPriceDescription(services: readonly Pick<Service, 'name'>[] | undefined): string {
  const [first, second] = services ?? [];
  if (!first || !second) {
    return 'The least a customer can offer for an appointment. Customers see it when they book.';
  }
  return `The least a customer can offer for ${first.name}, your first service. Your other services keep their own minimums, under Services and team.`;
}

function MinimumPriceCard({ profile }: { profile: UserProfile }) {
  const updateMinimumPrice = useUpdateMinimumPriceMutation();
  const services = useServices();
  return (
    <NumberSettingCard
      // The saved price can move without this card (the first service changed): shown afresh.
      key={profile.minimumPrice ?? ''}
      id="minimum-price"
      title="Minimum Price"
      description={minimumPriceDescription(services.data?.services)}
      formLabel="Minimum price"
      saveLabel="Save Minimum Price"
      initial={String(profile.minimumPrice ?? '')}
      errorOf={minimumPriceError}
      // A decimal is said at once; a missing or out-of-range price once the field is left or saved.
      saysAtOnce={(_, error) => error === MESSAGES.wholePounds}
      // parseWholePounds: '£30' as people type it is 30 (the rule has already passed it).
      save={(text) =>
        updateMinimumPrice.mutateAsync(parseWholePounds(text) ?? Number(text)).then(() => {
          toast.success({ message: MESSAGES.minimumPriceUpdated, durationMs: MINIMUM_PRICE_TOAST_MS });
          return undefined;
        })
      }
      isSaving={updateMinimumPrice.isPending}
      failure={{ title: MESSAGES.failedToUpdateMinimumPrice, fallback: MESSAGES.failedToSaveMinimumPrice }}
    >
      {(field) => (
        <WholePoundsInput label="Minimum price (£)" {...field} size="md" w={{ base: '100%', xs: 220 }} />
      )}
    </NumberSettingCard>
  );
}

export const CANCELLATION_NOTICE_SAVED = 'Cancellation notice saved';

/**
 * Whole hours 0–72 (api-contract §8.4): until how long before an agreed appointment a customer may
 * cancel it online.
 */
function CancellationNoticeCard({ profile }: { profile: UserProfile }) {
  const updatePolicy = useUpdateCancellationPolicyMutation();
  return (
    <NumberSettingCard
      id="cancellation-notice"
      title="Cancellation Notice"
      description="Customers can cancel an approved booking online until this many hours before it starts. Use 0 to let them cancel up to the start. Customers see it when they book."
      formLabel="Cancellation notice"
      saveLabel="Save Cancellation Notice"
      initial={String(profile.cancellationNoticeHours ?? CANCELLATION_NOTICE_HOURS_DEFAULT)}
      errorOf={cancellationNoticeError}
      saysAtOnce={(text) => isFractionalNumber(text)}
      save={(text) => {
        const hours = Number(text);
        return updatePolicy.mutateAsync(hours).then(() => {
          toast.success(CANCELLATION_NOTICE_SAVED);
          return String(hours);
        });
      }}
      isSaving={updatePolicy.isPending}
      failure={{
        title: 'Failed to update cancellation notice',
        fallback: 'Failed to save cancellation notice',
      }}
    >
      {(field) => (
        <TextInput
          label="Cancellation notice (hours)"
          description="Whole hours from 0 to 72"
          inputMode="numeric"
          autoComplete="off"
          {...field}
          size="md"
          w={{ base: '100%', xs: 300 }}
        />
      )}
    </NumberSettingCard>
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

/** The business's own data (api-contract §9.4): the JSON export, its customers' bookings with it. */
function YourDataCard() {
  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="your-data-title">
      <Title order={2} fz="h4" id="your-data-title" mb={4}>
        Your Data
      </Title>
      <DownloadMyData />
    </Paper>
  );
}

/** The Configuration tab: minimum price, home visits, cancellation notice, away dates, calendar and export. */
export function ConfigurationPanel() {
  return (
    <BusinessProfileGate loadingLabel="Loading your settings" failedMessage={MESSAGES.failedToLoadData}>
      {(profile) => (
        <Grid gap={{ base: 'md', lg: 'xl' }}>
          <Grid.Col span={{ base: 12, md: 5 }}>
            <Stack gap="md">
              <MinimumPriceCard profile={profile} />
              <HomeVisitCard profile={profile} />
              <CancellationNoticeCard profile={profile} />
              <PaymentsCard />
            </Stack>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 7 }}>
            <Stack gap="md">
              <ServicesTeamCard />
              <AwayDatesCard profile={profile} />
              <CalendarExportCard />
              <YourDataCard />
            </Stack>
          </Grid.Col>
        </Grid>
      )}
    </BusinessProfileGate>
  );
}
