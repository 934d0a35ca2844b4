import type { BookingWizardStep } from '@app/domain';

/** The wizard's steps (spec §2): Location only when the business offers home visits (@app/domain). */
export { bookingWizardSteps as wizardSteps } from '@app/domain';

export type WizardStep = BookingWizardStep;
export type WizardStepKey = BookingWizardStep['key'];
