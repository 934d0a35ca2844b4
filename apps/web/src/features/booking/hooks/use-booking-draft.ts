import { BOOKING_DRAFT_PREFIX } from '@/config/page-shell';
import { type DraftStore, isRecord, useDraft, useSaveDraft } from '@/lib/draft-storage';
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
}

const EMPTY: BookingDraft = {
  step: null,
  slot: null,
  priceOption: null,
  customPrice: '',
  location: 'shop',
  homeAddress: null,
};

const STEP_KEYS: readonly string[] = ['dateTime', 'price', 'location', 'review'];
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
  };
}

/** One draft per signed-in person and business: another account on this tab never sees it. */
export const bookingDraftKey = (businessId: string) =>
  `${BOOKING_DRAFT_PREFIX}${decodeAccessToken(getAccessToken() ?? '')?.sub ?? 'anonymous'}.${businessId}`;

export type BookingDraftStore = DraftStore<BookingDraft>;

/** The saved draft for this business (read once, when the wizard opens). */
export const useBookingDraft = (businessId: string): BookingDraftStore =>
  useDraft(() => bookingDraftKey(businessId), parseDraft);

/** Saves the wizard's current choices on every change, until the draft is finished. */
export const useSaveBookingDraft = (store: BookingDraftStore, draft: BookingDraft) =>
  useSaveDraft(store, draft);
