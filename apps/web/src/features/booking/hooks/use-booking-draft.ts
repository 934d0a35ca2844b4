import {
  clearDraft,
  type DraftStore,
  isRecord,
  readDraft,
  useDraft,
  useSaveDraft,
  writeDraft,
} from '@/lib/draft-storage';
import { decodeAccessToken, getAccessToken } from '@/lib/session';
import type { WizardStepKey } from '../utils/wizard-steps';

/** The booking wizard's choices, kept for the tab's life so a reload does not lose them. */
export interface BookingDraft {
  step: WizardStepKey | null;
  slot: string | null;
  priceOption: string | null;
  customPrice: string;
  location: 'shop' | 'home';
  homeAddress: string | null;
  /** The service and barber chosen (api-contract §9.3); null: the first service, anyone. */
  serviceId: string | null;
  memberId: string | null;
}

const EMPTY: BookingDraft = {
  step: null,
  slot: null,
  priceOption: null,
  customPrice: '',
  location: 'shop',
  homeAddress: null,
  serviceId: null,
  memberId: null,
};

const STEP_KEYS: readonly string[] = ['service', 'dateTime', 'price', 'location', 'review'];
const text = (value: unknown): string | null => (typeof value === 'string' ? value : null);

/** A stored draft, field by field: anything unexpected falls back to the empty choice. */
function parseDraft(raw: unknown): BookingDraft {
  if (!isRecord(raw)) return EMPTY;
  const step = text(raw.step);
  const location = raw.location === 'home' && text(raw.homeAddress) ? 'home' : 'shop';
  return {
    step: step && STEP_KEYS.includes(step) ? (step as WizardStepKey) : null,
    slot: text(raw.slot),
    priceOption: text(raw.priceOption),
    customPrice: text(raw.customPrice) ?? '',
    location,
    homeAddress: location === 'home' ? text(raw.homeAddress) : null,
    serviceId: text(raw.serviceId),
    memberId: text(raw.memberId),
  };
}

const VISITOR = 'anonymous';
const draftKeyOf = (person: string, businessId: string) => `booking.${person}.${businessId}`;
/** The signed-in person of this tab (the access token's subject), or undefined for a visitor. */
const personOf = (): string | undefined => decodeAccessToken(getAccessToken() ?? '')?.sub;

/**
 * One draft per signed-in person and business: another account on this tab never sees it. A
 * visitor's draft (chosen before signing in, api-contract §9.1) becomes the draft of whoever signs
 * in next on this tab, unless they have one of their own, so the request carries on after sign-in.
 */
export function bookingDraftKey(businessId: string): string {
  const person = personOf();
  if (!person) return draftKeyOf(VISITOR, businessId);
  const key = draftKeyOf(person, businessId);
  const visitorKey = draftKeyOf(VISITOR, businessId);
  const visitorDraft = readDraft(visitorKey);
  if (visitorDraft !== null) {
    if (readDraft(key) === null) writeDraft(key, visitorDraft);
    clearDraft(visitorKey);
  }
  return key;
}

export type BookingDraftStore = DraftStore<BookingDraft>;

/** Whether this tab holds a draft for this business, the signed-in person's or a visitor's. */
export function hasBookingDraft(businessId: string): boolean {
  const person = personOf();
  return (
    (person !== undefined && readDraft(draftKeyOf(person, businessId)) !== null) ||
    readDraft(draftKeyOf(VISITOR, businessId)) !== null
  );
}

/**
 * The saved draft for this business (read once, when the wizard opens). Off while the page
 * hydrates its server render (`isEnabled` false), and started once hydrated.
 */
export const useBookingDraft = (businessId: string, isEnabled = true): BookingDraftStore =>
  useDraft(() => bookingDraftKey(businessId), parseDraft, { isEnabled });

/** Saves the wizard's current choices on every change, until the draft is finished. */
export const useSaveBookingDraft = (store: BookingDraftStore, draft: BookingDraft) =>
  useSaveDraft(store, draft);
