import {
  type AvailableTimesResponse,
  assertNever,
  type BusinessSummary,
  businessDisplayName,
  businessPersonName,
  type CreateBookingRequest,
  cancellationNoticeText,
  DEFAULT_SERVICE_MINUTES,
  formatPostcodeDistricts,
  homeVisitAreaError,
  initialsOf,
  MESSAGES,
} from '@app/domain';
import {
  Alert,
  Anchor,
  Avatar,
  Badge,
  Box,
  Button,
  Container,
  Group,
  Paper,
  Skeleton,
  Stack,
  Stepper,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { memo, useDeferredValue, useEffect, useRef, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { BusinessAddress } from '@/components/business-address';
import { IconAlert, IconMapPin } from '@/components/icons';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { whenEngagedOrIdle } from '@/lib/idle';
import { loadOnce } from '@/lib/load-once';
import { useReviewSlots } from '@/lib/review-slots';
import { serverMessageOf } from '@/lib/server-message';
import { getAccessToken } from '@/lib/session';
import { toast } from '@/lib/toast';
import { useIsHydrated } from '@/lib/use-is-hydrated';
import { useSingleFlight } from '@/lib/use-single-flight';
import { useWizardStep } from '@/lib/use-wizard-step';
import { useCreateBookingMutation } from '../api/create-booking';
import { useAvailableTimes, useChosenTimes } from '../api/get-available-times';
import { hasBookingDraft, useBookingDraft, useSaveBookingDraft } from '../hooks/use-booking-draft';
import { formatSlot } from '../utils/booking-time';
import { type WizardStepKey, wizardSteps } from '../utils/wizard-steps';
import { BookingSuccessModal, HomeVisitAddressModal } from './booking-dialogs';
import classes from './booking-wizard.module.css';
import { BusinessDetails } from './business-details';

// The request's rules (zod) load once the customer starts choosing, or on Send at the latest.
const bookingRequestRules = loadOnce(() => import('../utils/booking-request-rules'));

import { DateTimeStep } from './date-time-step';
import { type BookingLocation, LocationStep } from './location-step';
import { chosenPrice, type PriceOption, PriceStep } from './price-step';
import { ReviewStep } from './review-step';
import { ServiceStep } from './service-step';
import { WaitForADay } from './wait-for-a-day';

const SAVED_SLOT_GONE = 'That time is no longer available. Please choose another.';

function BusinessHeader({ business, fromPrice }: { business: BusinessSummary; fromPrice: number }) {
  const initials = initialsOf(business.FirstName, business.LastName);
  return (
    <Group gap="md" wrap="nowrap" align="center">
      <Avatar size={56} radius="xl" color="brand" variant="light" aria-hidden="true">
        {initials}
      </Avatar>
      <Stack gap={2} miw={0}>
        <Text size="sm" c="dimmed" fw={600} tt="uppercase" className={classes.overline}>
          Request an appointment
        </Text>
        <Title order={1} fz={{ base: 24, sm: 30 }} className={classes.wrapAnywhere}>
          {businessDisplayName(business)}
        </Title>
        <Group gap="xs">
          <Text c="dimmed" fw={500}>
            {businessPersonName(business)}
          </Text>
          <Badge variant="light" color="brand" radius="sm" tt="none">
            From £{fromPrice}
          </Badge>
          {business.homeVisitsEnabled ? (
            <Badge
              variant="light"
              color="copper"
              radius="sm"
              tt="none"
              leftSection={<IconMapPin size={12} />}
            >
              {business.homeVisitDistricts?.length
                ? `Home visits in ${formatPostcodeDistricts(business.homeVisitDistricts)}`
                : 'Home visits'}
            </Badge>
          ) : null}
        </Group>
        <BusinessAddress address={business.BusinessAddress} businessName={businessDisplayName(business)} />
        {business.cancellationNoticeHours > 0 ? (
          <Text size="sm" c="dimmed">
            {cancellationNoticeText(businessDisplayName(business), business.cancellationNoticeHours)}
          </Text>
        ) : null}
      </Stack>
    </Group>
  );
}

/** While the business's hours load (a visit from another page: the server render has them). */
function WizardSkeleton() {
  return (
    <Container size="md" py={{ base: 'lg', sm: 40 }}>
      <div role="status" aria-live="polite">
        <VisuallyHidden>Loading availability...</VisuallyHidden>
        <Stack gap="lg" aria-hidden="true">
          <Group gap="md" wrap="nowrap">
            <Skeleton height={56} circle />
            <Stack gap={8} style={{ flex: 1 }}>
              <Skeleton height={22} width="45%" />
              <Skeleton height={14} width="30%" />
            </Stack>
          </Group>
          <Skeleton height={44} />
          <Skeleton height={300} />
        </Stack>
      </div>
    </Container>
  );
}

function AvailabilityError({
  error,
  onRetry,
  isRetrying,
}: {
  error: Error;
  onRetry: () => void;
  isRetrying: boolean;
}) {
  const isUnknownBusiness = error instanceof ApiError && error.status === 404;
  const detail =
    error instanceof ApiError && error.status >= 400 && error.status < 500 ? serverMessageOf(error) : null;
  return (
    <Container size="sm" py={{ base: 'xl', sm: 56 }}>
      {/* The page keeps a main heading when the alert stands in for the wizard. */}
      <VisuallyHidden component="h1">Request an appointment</VisuallyHidden>
      <Alert color="red" variant="light" icon={<IconAlert />} title={MESSAGES.failedToLoadAvailability}>
        <Stack gap="sm" align="flex-start">
          <Text size="sm">{detail ?? 'Check your connection and try again.'}</Text>
          <Group gap="sm">
            {isUnknownBusiness ? null : (
              <Button variant="white" color="red" onClick={onRetry} loading={isRetrying}>
                Try again
              </Button>
            )}
            <Button component={Link} to={paths.businesses.getHref()} variant="white" color="red">
              Browse Businesses
            </Button>
          </Group>
        </Stack>
      </Alert>
    </Container>
  );
}

/** Spec §2 "Booking wizard" at /booking/{businessId}. */
export function BookingWizard({ businessId }: { businessId: string }) {
  const availableTimes = useAvailableTimes(businessId);
  // The wizard's first render, when the data arrives, is deferred: React renders it in slices that
  // yield to the browser (an update from the query itself would hold the main thread for all of it).
  const data = useDeferredValue(availableTimes.data);
  // Once loaded, the wizard stays: a failed background refetch must not wipe the customer's choices.
  // The server render (and the hydration of it) knows no draft: once hydrated, a tab holding a draft
  // for this business starts the wizard again from it, in a transition (React renders it in slices
  // between the browser's own work); without one, the hydrated wizard carries on and starts saving
  // its draft.
  const isHydrated = useIsHydrated();
  // Decided once, when the page is hydrated: the draft the wizard then saves must not remount it.
  const [startsFromDraft, setStartsFromDraft] = useState<boolean | null>(null);
  if (isHydrated && startsFromDraft === null) setStartsFromDraft(hasBookingDraft(businessId));
  if (data) {
    return (
      <Wizard
        key={startsFromDraft ? 'draft' : 'page'}
        businessId={businessId}
        data={data}
        isHydrated={isHydrated}
      />
    );
  }
  if (availableTimes.isError && !availableTimes.data) {
    return (
      <AvailabilityError
        error={availableTimes.error}
        onRetry={() => availableTimes.refetch()}
        isRetrying={availableTimes.isRefetching}
      />
    );
  }
  return <WizardSkeleton />;
}

/** Memoised: a change of session (or hydration) above it re-renders it only when its props change. */
const Wizard = memo(function Wizard({
  businessId,
  data,
  isHydrated,
}: {
  businessId: string;
  data: AvailableTimesResponse;
  isHydrated: boolean;
}) {
  const { business } = data;
  const personName = businessPersonName(business);
  const businessName = businessDisplayName(business);
  // A menu or a team to choose from: the wizard starts with them (api-contract §9.3).
  const choosesService = data.services.length > 1 || data.team.length > 1;
  const steps = wizardSteps(business.homeVisitsEnabled, choosesService);

  const navigate = useNavigate();
  const here = useLocation();
  const reviewSlots = useReviewSlots();
  const createBooking = useCreateBookingMutation();
  const submit = useSingleFlight();

  // The choices so far come back after a reload (or a visit elsewhere) in this tab.
  const draft = useBookingDraft(businessId, isHydrated);
  // The service and barber: the saved ones while the shop still has them, else the first, anyone.
  const [serviceId, setServiceId] = useState(() =>
    data.services.some((candidate) => candidate.id === draft.initial.serviceId)
      ? (draft.initial.serviceId ?? data.serviceId)
      : data.serviceId,
  );
  const [memberId, setMemberId] = useState<string | null>(() =>
    data.team.some((member) => member.id === draft.initial.memberId && member.serviceIds.includes(serviceId))
      ? draft.initial.memberId
      : null,
  );
  const service = data.services.find((candidate) => candidate.id === serviceId) ?? data.services[0];
  const minimum = service?.minimumPrice ?? business.minimumPrice;
  // The page's own times are for the first service with anyone; another choice loads its own.
  const isPageChoice = serviceId === data.serviceId && memberId === data.memberId;
  const chosenTimes = useChosenTimes(businessId, { serviceId, memberId }, !isPageChoice);
  const slots = isPageChoice ? data.slots : (chosenTimes.data?.slots ?? null);
  // A saved time that has since been taken or has passed is not restored: the wizard resumes on
  // Date & Time (the other choices kept) and says why.
  const [restoredSlotGone] = useState(
    () => isPageChoice && draft.initial.slot !== null && !data.slots.includes(draft.initial.slot),
  );
  const [slot, setSlot] = useState<string | null>(restoredSlotGone ? null : draft.initial.slot);
  const [priceOption, setPriceOption] = useState<PriceOption | null>(draft.initial.priceOption);
  const [customPrice, setCustomPrice] = useState(draft.initial.customPrice);
  const [location, setLocation] = useState<BookingLocation>(
    business.homeVisitsEnabled ? draft.initial.location : 'shop',
  );
  // A saved home visit address the business no longer travels to is not restored: the wizard
  // resumes on Location and says why. (The dialog checked the address's own rules when it was
  // chosen; they bring the profanity word list, which stays off this page's first load.)
  const [restoredAddressRefused] = useState(() =>
    business.homeVisitsEnabled && draft.initial.homeAddress !== null
      ? homeVisitAreaError(draft.initial.homeAddress, business.homeVisitDistricts ?? [], businessName)
      : null,
  );
  const [homeAddress, setHomeAddress] = useState<string | null>(
    business.homeVisitsEnabled && !restoredAddressRefused ? draft.initial.homeAddress : null,
  );
  const [isAddressModalOpen, setAddressModalOpen] = useState(false);
  const [bookedSlot, setBookedSlot] = useState<string | null>(null);
  const [bookedId, setBookedId] = useState<string | null>(null);

  const price = chosenPrice(priceOption, customPrice, minimum);
  const isHomeVisit = business.homeVisitsEnabled && location === 'home';
  const isSlotStillFree = slot !== null && (slots === null || slots.includes(slot));

  const canLeave = (key: WizardStepKey) => {
    switch (key) {
      case 'service':
        return service !== undefined;
      case 'dateTime':
        return slot !== null;
      case 'price':
        return price !== null;
      case 'location':
        return location === 'shop' || homeAddress !== null;
      case 'review':
        return false;
      default:
        return assertNever(key);
    }
  };
  const firstUnfinished = steps.findIndex((candidate) => !canLeave(candidate.key));
  // The step lives in the URL: a reload stays on it and the browser's Back steps back.
  const wizardStep = useWizardStep(
    steps.map((candidate) => candidate.key),
    {
      resumeAt: draft.initial.step,
      lastReachable: firstUnfinished < 0 ? steps.length - 1 : firstUnfinished,
      isSettled: !isHydrated,
    },
  );
  const active = wizardStep.index;
  const step = steps[active]!;
  const canContinue = canLeave(step.key);

  useSaveBookingDraft(draft, {
    step: step.key,
    slot,
    priceOption,
    customPrice,
    location,
    homeAddress,
    serviceId,
    memberId,
  });

  const headingRef = useRef<HTMLHeadingElement>(null);
  // Each step change (a button, or the browser's Back and Forward) moves focus, and so the view,
  // to the step's heading, for keyboard and screen-reader users as much as for a phone scrolled
  // down to the hour buttons.
  useEffect(() => whenEngagedOrIdle(() => void bookingRequestRules.load().catch(() => {})), []);

  const shownStep = useRef(active);
  useEffect(() => {
    if (shownStep.current === active) return;
    shownStep.current = active;
    headingRef.current?.focus();
  }, [active]);

  const moveTo = (index: number) => {
    const target = steps[Math.min(Math.max(index, 0), steps.length - 1)]!;
    wizardStep.goTo(target.key);
  };

  const goTo = (key: WizardStepKey) => {
    if (steps.some((candidate) => candidate.key === key)) wizardStep.goTo(key);
  };
  const canSend =
    slot !== null && isSlotStillFree && price !== null && (!isHomeVisit || homeAddress !== null);

  const requireLogin = () => {
    toast.signInRequired({ title: MESSAGES.authenticationRequired, message: MESSAGES.mustBeLoggedInToBook });
    // Back here after signing in, with the choices kept (the draft).
    navigate(paths.login.getHref(`${here.pathname}${here.search}`));
  };

  const showBookingError = (error: unknown) => {
    if (error instanceof ApiError && error.status === 401) {
      requireLogin();
      return;
    }
    if (!(error instanceof ApiError) || error.status === 0) {
      toast.error({ title: MESSAGES.bookingFailed, message: MESSAGES.failedToConfirmBooking });
      return;
    }
    toast.error({
      title: MESSAGES.bookingFailed,
      message: serverMessageOf(error) ?? MESSAGES.bookingFailedFallback,
    });
  };

  const sendRequest = () => {
    // Read when sending (the server checks it regardless), so signing in or out elsewhere does not
    // re-render the whole wizard.
    if (getAccessToken() === null) {
      requireLogin();
      return;
    }
    if (!canSend || slot === null || price === null || bookedSlot !== null || submit.isInFlight()) return;
    const request: CreateBookingRequest = {
      businessId,
      bookingDateTime: slot,
      price: String(price),
      isHomeVisit,
      ...(isHomeVisit && homeAddress ? { customerAddress: homeAddress } : {}),
      // The spec's request as it was, unless the shop has a choice (api-contract §9.3).
      ...(choosesService ? { serviceId } : {}),
      ...(memberId ? { memberId } : {}),
    };
    void submit.run(async () => {
      // The server's own schema, checked first: a request it would refuse is not sent (if the rules
      // cannot load, the request goes and the server checks it).
      const rules = await bookingRequestRules.load().catch(() => null);
      const problem = rules ? rules.bookingRequestProblem(request) : null;
      if (problem !== null) {
        toast.error({ title: MESSAGES.bookingFailed, message: problem || MESSAGES.bookingFailedFallback });
        return;
      }
      // NOTE: mutateAsync, not mutate's callbacks: a 401 whose refresh fails ends the session and
      // unmounts this page, and the error must still be told.
      await createBooking.mutateAsync(request).then((response) => {
        setBookedId(response?.booking?.id ?? null);
        draft.finish();
        setBookedSlot(slot);
      }, showBookingError);
    });
  };

  const chooseSlot = (chosen: string) => {
    setSlot(chosen);
    moveTo(active + 1);
  };

  // Another service or barber: the time chosen may not suit it (another length, another diary).
  const chooseService = (id: string) => {
    if (id === serviceId) return;
    setServiceId(id);
    setSlot(null);
    if (memberId && !data.team.some((member) => member.id === memberId && member.serviceIds.includes(id))) {
      setMemberId(null);
    }
  };
  const chooseMember = (id: string | null) => {
    if (id === memberId) return;
    setMemberId(id);
    setSlot(null);
  };

  const chooseShop = () => {
    setLocation('shop');
    setHomeAddress(null);
  };

  // Also when the home visit is chosen already: the dialog then changes its address.
  const chooseHome = () => setAddressModalOpen(true);

  const confirmHomeAddress = (address: string) => {
    setHomeAddress(address);
    setLocation('home');
    setAddressModalOpen(false);
  };

  const dismissAddressModal = () => {
    setAddressModalOpen(false);
    // Closed while changing a confirmed address: the home visit stays as it was.
    if (location === 'home' && homeAddress !== null) return;
    chooseShop();
    toast.info(MESSAGES.homeVisitCancelled);
  };

  const stepContent = (() => {
    switch (step.key) {
      case 'service':
        return (
          <ServiceStep
            services={data.services}
            team={data.team}
            serviceId={serviceId}
            memberId={memberId}
            onServiceChange={chooseService}
            onMemberChange={chooseMember}
          />
        );
      case 'dateTime':
        return (
          <Stack gap="md">
            {restoredSlotGone && slot === null ? (
              <Alert color="orange" variant="light" icon={<IconAlert />}>
                {SAVED_SLOT_GONE}
              </Alert>
            ) : null}
            {slots !== null ? (
              <>
                <DateTimeStep
                  businessName={personName}
                  slots={slots}
                  selectedSlot={slot}
                  onSelectSlot={chooseSlot}
                  durationMinutes={service?.durationMinutes ?? DEFAULT_SERVICE_MINUTES}
                />
                {/* Drawn once hydrated: it reads the clock and the session, which the server's page
                    must not depend on (the page keeps what the server drew). */}
                {isHydrated ? (
                  <WaitForADay
                    businessId={businessId}
                    businessName={personName}
                    freeDays={new Set(slots.map((free) => free.slice(0, 10)))}
                    preferredDay={slot?.slice(0, 10) ?? null}
                    onSignIn={requireLogin}
                  />
                ) : null}
              </>
            ) : chosenTimes.isError ? (
              <Alert
                color="red"
                variant="light"
                icon={<IconAlert />}
                title={MESSAGES.failedToLoadAvailability}
              >
                <Button variant="white" color="red" onClick={() => chosenTimes.refetch()}>
                  Try again
                </Button>
              </Alert>
            ) : (
              <div role="status" aria-live="polite">
                <VisuallyHidden>Loading availability...</VisuallyHidden>
                <Skeleton height={300} aria-hidden="true" />
              </div>
            )}
          </Stack>
        );
      case 'price':
        return (
          <PriceStep
            businessName={personName}
            minimum={minimum}
            option={priceOption}
            customPrice={customPrice}
            onOptionChange={setPriceOption}
            onCustomPriceChange={setCustomPrice}
          />
        );
      case 'location':
        return (
          <Stack gap="md">
            {restoredAddressRefused && location === 'home' && homeAddress === null ? (
              <Alert color="orange" variant="light" icon={<IconAlert />}>
                {restoredAddressRefused}
              </Alert>
            ) : null}
            <LocationStep
              businessName={businessName}
              location={location}
              homeAddress={homeAddress}
              onChooseShop={chooseShop}
              onChooseHome={chooseHome}
            />
          </Stack>
        );
      case 'review':
        return slot !== null && price !== null ? (
          <ReviewStep
            personName={personName}
            businessName={businessName}
            businessAddress={business.BusinessAddress}
            slot={slot}
            price={price}
            location={business.homeVisitsEnabled ? location : null}
            homeAddress={homeAddress}
            isSlotStillFree={isSlotStillFree}
            onlinePayment={business.onlinePayment ?? null}
            service={choosesService && service ? service : null}
            memberName={
              choosesService ? (data.team.find((member) => member.id === memberId)?.name ?? null) : null
            }
            onEdit={goTo}
          />
        ) : null;
      default:
        return assertNever(step.key);
    }
  })();

  return (
    <Container size="md" py={{ base: 'lg', sm: 40 }} className={classes.wizard}>
      <Stack gap="lg">
        <Anchor component={Link} to={paths.businesses.getHref()} size="sm" fw={600} w="fit-content">
          ← All barbers
        </Anchor>
        <BusinessHeader
          business={business}
          fromPrice={Math.min(
            business.minimumPrice,
            ...data.services.map((candidate) => candidate.minimumPrice),
          )}
        />
        <BusinessDetails business={business} />

        <Stepper
          active={active}
          onStepClick={moveTo}
          allowNextStepsSelect={false}
          size="sm"
          classNames={{ stepBody: classes.stepBody, separator: classes.separator, steps: classes.steps }}
          aria-label="Booking steps"
        >
          {steps.map((candidate, index) => (
            <Stepper.Step
              key={candidate.key}
              label={candidate.label}
              aria-label={`Step ${index + 1}: ${candidate.label}`}
              aria-current={index === active ? 'step' : undefined}
            />
          ))}
        </Stepper>

        <Paper
          withBorder
          p={{ base: 'md', sm: 'xl' }}
          component="section"
          aria-labelledby="booking-step-heading"
        >
          <Stack gap="lg">
            <div>
              <Text size="sm" c="dimmed" fw={600}>
                Step {active + 1} of {steps.length}
              </Text>
              <Title
                order={2}
                fz={{ base: 22, sm: 26 }}
                id="booking-step-heading"
                ref={headingRef}
                tabIndex={-1}
                className={classes.stepHeading}
              >
                {step.label}
              </Title>
            </div>
            {stepContent}
          </Stack>
        </Paper>

        <Box className={classes.actions}>
          <Button
            variant="default"
            size="lg"
            px="lg"
            className={classes.backButton}
            onClick={wizardStep.back}
            disabled={active === 0 || createBooking.isPending}
          >
            Back
          </Button>
          {step.key === 'review' ? (
            <Button
              size="lg"
              px="lg"
              className={classes.primaryButton}
              onClick={sendRequest}
              disabled={!canSend}
              loading={createBooking.isPending}
            >
              Send Request
            </Button>
          ) : (
            <Button
              size="lg"
              px="lg"
              className={classes.primaryButton}
              onClick={() => moveTo(active + 1)}
              disabled={!canContinue}
            >
              Continue
            </Button>
          )}
        </Box>

        {/* Below the wizard, the business's reviews (the booking route provides them, with its code). */}
        {reviewSlots?.BusinessReviews ? (
          <reviewSlots.BusinessReviews businessId={businessId} businessName={businessName} />
        ) : null}
      </Stack>

      {/* No leave warning: the draft survives a reload and a page change in the app. */}
      <HomeVisitAddressModal
        opened={isAddressModalOpen}
        businessName={businessName}
        districts={business.homeVisitDistricts ?? []}
        onConfirm={confirmHomeAddress}
        onDismiss={dismissAddressModal}
      />
      <BookingSuccessModal
        opened={bookedSlot !== null}
        personName={personName}
        when={bookedSlot ? formatSlot(bookedSlot) : ''}
        bookingId={bookedId}
      />
    </Container>
  );
});
