import {
  assertNever,
  buildInviteRegistrationPayload,
  firstInvalidInviteStep,
  INVITE_STEP_FIELDS,
  INVITE_STEPS,
  INVITE_WIZARD_STEPS,
  type InviteField,
  type InviteStep,
  type InviteWizardValues,
  inviteFieldError,
  MESSAGES,
  validateInviteWizard,
} from '@app/domain';
import {
  Alert,
  Box,
  Button,
  Container,
  Group,
  Loader,
  Paper,
  Progress,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { type MouseEvent, useEffect, useRef, useState } from 'react';
import { IconCheck, IconInfo, IconMail } from '@/components/icons';
import { UnsavedChangesGuard } from '@/components/unsaved-changes-guard';
import { ApiError } from '@/lib/api-client';
import { serverMessageOf } from '@/lib/server-message';
import { toast } from '@/lib/toast';
import { useSingleFlight } from '@/lib/use-single-flight';
import { useWizardStep } from '@/lib/use-wizard-step';
import { useRegisterWithInviteMutation } from '../api/register-with-invite';
import { UNKEPT_FIELDS, useInviteDraft, useSaveInviteDraft } from '../hooks/use-invite-draft';
import { useInviteWizardForm } from '../hooks/use-invite-wizard-form';
import { toAvailability, type WeeklyHours } from '../utils/weekly-hours';
import { HoursStep } from './hours-step';
import classes from './invite-page.module.css';
import { PersonalStep } from './personal-step';
import { PricingStep } from './pricing-step';
import { ShopStep } from './shop-step';

/** Spec §2: the wizard's four steps. */
export const INVITE_STEP_NAMES: Record<InviteStep, string> = {
  1: 'Personal Information',
  2: 'Shop Details',
  3: 'Business Hours',
  4: 'Pricing & Services',
};

export const WIZARD_TITLE = 'Complete Your Business Registration';
export const CREATING_ACCOUNT = 'Creating Account...';
export const ANSWERS_KEPT_TITLE = 'Your answers are still here';
export const PASSWORD_NOT_KEPT =
  'For your security your password was not kept: enter it again in step 1 before you complete the registration.';
const LEAVING_REGISTRATION =
  'Your registration is not finished. If you leave now, you will need to enter your password again.';
const LEAVING_REGISTRATION_ANSWERS_KEPT =
  'Your registration is not finished. Your answers so far are kept in this tab for when you come back.';

const LAST_STEP = INVITE_WIZARD_STEPS as InviteStep;
const STEP_KEYS = ['1', '2', '3', '4'] as const;
type StepKey = (typeof STEP_KEYS)[number];
const ALL_FIELDS: readonly InviteField[] = INVITE_STEPS.flatMap((step) => INVITE_STEP_FIELDS[step]);
const stepOf = (field: InviteField) => INVITE_STEPS.find((step) => INVITE_STEP_FIELDS[step].includes(field));

/** Server field messages (`availability.Monday` → availability) on the wizard's own fields. */
function wizardFieldErrors(error: unknown): Partial<Record<InviteField, string>> {
  const errors: Partial<Record<InviteField, string>> = {};
  if (!(error instanceof ApiError)) return errors;
  for (const [key, message] of Object.entries(error.fieldErrors)) {
    const field = key.split('.')[0] as InviteField;
    if (ALL_FIELDS.includes(field)) errors[field] ??= message;
  }
  return errors;
}

// NOTE: the second click of a double click on Continue would land on the button that replaces it
// (on step 3, 'Complete Registration') and submit a step the person has not seen.
const isRepeatClick = (event: MouseEvent<HTMLButtonElement>) => {
  if (event.detail > 1) event.preventDefault();
};

/** The account just created; the password stays in memory only, to sign in after confirming. */
export interface RegisteredAccount {
  email: string;
  password: string;
  firstName: string;
}

/** Spec §2 and §4 "Invite wizard": four steps, each advancing only when it validates. */
export function InviteWizard({
  inviteCode,
  email,
  onRegistered,
}: {
  inviteCode: string;
  email: string;
  onRegistered: (account: RegisteredAccount) => void;
}) {
  // The answers so far (never the passwords) come back after a reload in this tab.
  const draft = useInviteDraft(inviteCode);
  const { form, validateStep, showServerErrors } = useInviteWizardForm(draft.initial.values);
  const registerMutation = useRegisterWithInviteMutation();
  const submitting = useSingleFlight();
  const [hours, setHours] = useState<WeeklyHours>(draft.initial.hours);
  const headingRef = useRef<HTMLHeadingElement>(null);

  // The step lives in the URL (?step=2): a reload stays on it and the browser's Back steps back.
  // A step after one whose answers (passwords aside, which are never kept) do not pass is not shown.
  const values = form.getValues();
  const firstUnfinished = INVITE_STEPS.findIndex((candidate) =>
    INVITE_STEP_FIELDS[candidate].some(
      (field) =>
        !(UNKEPT_FIELDS as readonly string[]).includes(field) && inviteFieldError(field, values) !== null,
    ),
  );
  const wizardStep = useWizardStep(STEP_KEYS, {
    resumeAt: draft.initial.step,
    lastReachable: firstUnfinished < 0 ? LAST_STEP - 1 : firstUnfinished,
  });
  const step = INVITE_STEPS[wizardStep.index] as InviteStep;
  useSaveInviteDraft(draft, { step: wizardStep.key, values, hours });

  // Each step change (a button, or the browser's Back and Forward) moves focus to the step's
  // heading, or to the field to fix, for keyboard and screen-reader users and phones.
  const focusAfterMove = useRef<InviteField | undefined>(undefined);
  const focusStepStart = () => {
    const field = focusAfterMove.current;
    focusAfterMove.current = undefined;
    const input = field ? form.getInputNode(field) : null;
    if (input) input.focus();
    else headingRef.current?.focus();
  };
  const shownStep = useRef(step);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once per step shown
  useEffect(() => {
    if (shownStep.current === step) return;
    shownStep.current = step;
    focusStepStart();
  }, [step]);

  /** Shows a step and moves focus to its heading, or to `focusField`. */
  const moveTo = (next: InviteStep, focusField?: InviteField) => {
    focusAfterMove.current = focusField;
    if (next === step) requestAnimationFrame(focusStepStart);
    else wizardStep.goTo(String(next) as StepKey);
  };

  const focusFirstError = (checked: InviteStep) => {
    const values = form.getValues();
    const invalid = INVITE_STEP_FIELDS[checked].find((field) => field in validateInviteWizard(values));
    if (invalid) form.getInputNode(invalid)?.focus();
  };

  const changeHours = (next: WeeklyHours) => {
    setHours(next);
    form.setFieldValue('availability', toAvailability(next));
  };

  const goNext = () => {
    if (!validateStep(step)) {
      focusFirstError(step);
      return;
    }
    moveTo(Math.min(step + 1, LAST_STEP) as InviteStep);
  };

  const goBack = wizardStep.back;

  // One registration at a time: a double tap on Complete Registration sends one request.
  const complete = () => void submitting.run(register);

  const register = async () => {
    validateStep(step);
    const values: InviteWizardValues = form.getValues();
    const firstInvalid = firstInvalidInviteStep(values);
    if (firstInvalid !== null) {
      toast.error({ title: MESSAGES.validationErrorTitle, message: MESSAGES.completeRequiredFields });
      validateStep(firstInvalid);
      const problems = validateInviteWizard(values);
      moveTo(
        firstInvalid,
        INVITE_STEP_FIELDS[firstInvalid].find((field) => field in problems),
      );
      return;
    }
    try {
      await registerMutation.mutateAsync(buildInviteRegistrationPayload(inviteCode, values));
    } catch (error) {
      toast.error({
        title: MESSAGES.registrationFailed,
        message: serverMessageOf(error) ?? MESSAGES.failedToRegister,
      });
      const fieldErrors = wizardFieldErrors(error);
      const fields = Object.keys(fieldErrors) as InviteField[];
      if (fields.length > 0) {
        showServerErrors(fieldErrors);
        const target = Math.min(...fields.map((field) => stepOf(field) ?? LAST_STEP)) as InviteStep;
        moveTo(
          target,
          fields.find((field) => stepOf(field) === target),
        );
      }
      return;
    }
    draft.finish();
    toast.success({ title: MESSAGES.registrationSuccessful, message: MESSAGES.checkEmailForCode });
    onRegistered({ email, password: values.password, firstName: values.firstName.trim() });
  };

  const stepContent = (() => {
    switch (step) {
      case 1:
        return <PersonalStep form={form} />;
      case 2:
        return <ShopStep form={form} />;
      case 3:
        return <HoursStep hours={hours} onChange={changeHours} error={form.errors.availability} />;
      case 4:
        return <PricingStep form={form} />;
      default:
        return assertNever(step);
    }
  })();

  const isSubmitting = registerMutation.isPending;

  return (
    <Container size="md" py={{ base: 'lg', sm: 40 }} className={classes.wizard}>
      <Stack gap="lg">
        <Stack gap={6}>
          <Text size="sm" c="brand.8" fw={700} tt="uppercase" className={classes.overline}>
            Business invitation
          </Text>
          <Title order={1} className={classes.title}>
            {WIZARD_TITLE}
          </Title>
          <Group gap={8} wrap="nowrap" className={classes.invitedEmail}>
            <ThemeIcon size={26} radius="xl" variant="light" aria-hidden="true">
              <IconMail size={15} />
            </ThemeIcon>
            <Text size="sm" miw={0}>
              Invited as <strong className={classes.wrapAnywhere}>{email}</strong>
            </Text>
          </Group>
        </Stack>

        <Stack gap="xs">
          <Progress
            value={(step / LAST_STEP) * 100}
            size="md"
            radius="xl"
            aria-label={`Registration progress: step ${step} of ${LAST_STEP}`}
            transitionDuration={200}
          />
          <ol className={classes.stepList} aria-label="Registration steps">
            {INVITE_STEPS.map((candidate) => (
              <li
                key={candidate}
                className={classes.stepItem}
                data-state={candidate < step ? 'done' : candidate === step ? 'current' : 'upcoming'}
                aria-current={candidate === step ? 'step' : undefined}
              >
                <span className={classes.stepNumber} aria-hidden="true">
                  {candidate < step ? <IconCheck size={12} /> : candidate}
                </span>
                <span className={classes.stepLabel}>{INVITE_STEP_NAMES[candidate]}</span>
              </li>
            ))}
          </ol>
        </Stack>

        {draft.initial.hadPassword && !values.password ? (
          <Alert color="brand" variant="light" icon={<IconInfo />} title={ANSWERS_KEPT_TITLE}>
            {PASSWORD_NOT_KEPT}
          </Alert>
        ) : null}

        <Paper
          withBorder
          shadow="xs"
          p={{ base: 'md', sm: 'xl' }}
          component="form"
          noValidate
          aria-labelledby="invite-step-heading"
          onSubmit={(event) => {
            event.preventDefault();
            if (step < LAST_STEP) goNext();
            else void complete();
          }}
        >
          {/* Lets password managers file the new password under the invited email. */}
          <input
            type="email"
            name="username"
            autoComplete="username"
            value={email}
            readOnly
            hidden
            aria-hidden="true"
            tabIndex={-1}
          />
          <Stack gap="lg">
            <div>
              <Text size="sm" c="dimmed" fw={600}>
                Step {step} of {LAST_STEP}
              </Text>
              <Title
                order={2}
                fz={{ base: 22, sm: 26 }}
                id="invite-step-heading"
                ref={headingRef}
                tabIndex={-1}
                className={classes.stepHeading}
              >
                {INVITE_STEP_NAMES[step]}
              </Title>
            </div>
            {stepContent}
            <Box className={classes.actions}>
              <Button
                variant="default"
                size="lg"
                px="lg"
                className={classes.backButton}
                onClick={goBack}
                disabled={step === 1 || isSubmitting}
              >
                Previous
              </Button>
              {step < LAST_STEP ? (
                <Button
                  key="continue"
                  type="submit"
                  size="lg"
                  px="lg"
                  className={classes.primaryButton}
                  onClick={isRepeatClick}
                >
                  Continue
                </Button>
              ) : (
                <Button
                  key="complete"
                  type="submit"
                  size="lg"
                  px="lg"
                  className={classes.primaryButton}
                  onClick={isRepeatClick}
                  disabled={isSubmitting}
                  aria-busy={isSubmitting || undefined}
                  leftSection={
                    isSubmitting ? <Loader size={16} color="gray.6" aria-hidden="true" /> : undefined
                  }
                >
                  {isSubmitting ? CREATING_ACCOUNT : 'Complete Registration'}
                </Button>
              )}
            </Box>
          </Stack>
        </Paper>
      </Stack>
      <UnsavedChangesGuard
        isDirty={() => !draft.isFinished() && (draft.initial.isRestored || form.isDirty())}
        // The answers are kept for the tab's life; only a password (typed now or before a reload) is not.
        message={
          draft.initial.hadPassword || values.password
            ? LEAVING_REGISTRATION
            : LEAVING_REGISTRATION_ANSWERS_KEPT
        }
      />
    </Container>
  );
}
