/** The wizard's steps (spec §2): Location only when the business offers home visits. */
export type WizardStepKey = 'dateTime' | 'price' | 'location' | 'review';

export interface WizardStep {
  key: WizardStepKey;
  label: string;
}

const DATE_TIME: WizardStep = { key: 'dateTime', label: 'Date & Time' };
const PRICE: WizardStep = { key: 'price', label: 'Price' };
const LOCATION: WizardStep = { key: 'location', label: 'Location' };
const REVIEW: WizardStep = { key: 'review', label: 'Review' };

export function wizardSteps(homeVisitsEnabled: boolean): WizardStep[] {
  return homeVisitsEnabled ? [DATE_TIME, PRICE, LOCATION, REVIEW] : [DATE_TIME, PRICE, REVIEW];
}
