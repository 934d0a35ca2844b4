import { useCallback, useEffect, useRef, useState } from 'react';
import { clearDraft, isRecord, readDraft, writeDraft } from '@/lib/draft-storage';
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
  `booking.${decodeAccessToken(getAccessToken() ?? '')?.sub ?? 'anonymous'}.${businessId}`;

export interface BookingDraftStore {
  /** The draft saved for this business when the wizard opened. */
  initial: BookingDraft;
  /** Ends the draft after a successful request; nothing is saved after it. */
  finish: () => void;
  isFinished: () => boolean;
  key: string;
}

/** The saved draft for this business (read once, when the wizard opens). */
export function useBookingDraft(businessId: string): BookingDraftStore {
  const [key] = useState(() => bookingDraftKey(businessId));
  const [initial] = useState(() => parseDraft(readDraft(key)));
  const isFinishedRef = useRef(false);
  const finish = useCallback(() => {
    isFinishedRef.current = true;
    clearDraft(key);
  }, [key]);
  const isFinished = useCallback(() => isFinishedRef.current, []);
  return { initial, key, finish, isFinished };
}

/** Saves the wizard's current choices on every change, until the draft is finished. */
export function useSaveBookingDraft(store: BookingDraftStore, draft: BookingDraft) {
  const serialised = JSON.stringify(draft);
  const { key, isFinished } = store;
  useEffect(() => {
    if (!isFinished()) writeDraft(key, JSON.parse(serialised));
  }, [key, serialised, isFinished]);
}
