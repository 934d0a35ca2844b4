import { emptyInviteWizardValues, type InviteWizardValues, WEEKDAYS } from '@app/domain';
import { type DraftStore, isRecord, useDraft, useSaveDraft } from '@/lib/draft-storage';
import { emptyWeeklyHours, toAvailability, type WeeklyHours } from '../utils/weekly-hours';

/** Never kept: a password stays in the page's memory only. */
export const UNKEPT_FIELDS = ['password', 'confirmPassword'] as const;

type KeptValues = Omit<InviteWizardValues, (typeof UNKEPT_FIELDS)[number] | 'availability'>;

/** The invite wizard's answers so far (all but the passwords), its step and its week of hours. */
export interface InviteDraft {
  step: string | null;
  values: InviteWizardValues;
  hours: WeeklyHours;
  /** Answers came back from an earlier visit in this tab. */
  isRestored: boolean;
  /** A password had been typed (and so must be typed again: it is never kept). */
  hadPassword: boolean;
}

const TEXT_FIELDS = [
  'firstName',
  'lastName',
  'phoneNumber',
  'address',
  'birthdate',
  'businessName',
  'businessAddress',
  'businessDescription',
] as const satisfies readonly (keyof KeptValues)[];

const isTime = (value: unknown): value is string => typeof value === 'string' && /^\d{2}:\d{2}$/.test(value);

function parseHours(raw: unknown): WeeklyHours {
  const hours = emptyWeeklyHours();
  if (!isRecord(raw)) return hours;
  for (const day of WEEKDAYS) {
    const stored = raw[day];
    if (!isRecord(stored) || !Array.isArray(stored.slots)) continue;
    hours[day] = {
      enabled: stored.enabled === true,
      slots: stored.slots
        .filter(
          (slot): slot is { start: string; end: string } =>
            isRecord(slot) && isTime(slot.start) && isTime(slot.end),
        )
        .map(({ start, end }) => ({ start, end })),
    };
  }
  return hours;
}

/** A stored draft, field by field: anything unexpected is left as a fresh wizard has it. */
function parseDraft(raw: unknown): InviteDraft {
  const values = emptyInviteWizardValues();
  if (!isRecord(raw) || !isRecord(raw.values)) {
    return { step: null, values, hours: emptyWeeklyHours(), isRestored: false, hadPassword: false };
  }
  const stored = raw.values;
  for (const field of TEXT_FIELDS) {
    if (typeof stored[field] === 'string') values[field] = stored[field];
  }
  if (typeof stored.minimumPrice === 'string' || typeof stored.minimumPrice === 'number') {
    values.minimumPrice = stored.minimumPrice;
  }
  if (typeof stored.homeVisitsEnabled === 'boolean') values.homeVisitsEnabled = stored.homeVisitsEnabled;
  const hours = parseHours(raw.hours);
  values.availability = toAvailability(hours);
  return {
    step: typeof raw.step === 'string' ? raw.step : null,
    values,
    hours,
    isRestored: true,
    hadPassword: raw.hadPassword === true,
  };
}

const draftKey = (inviteCode: string) => `invite.${inviteCode}`;

/**
 * The invite wizard's draft for this invite code, read once when the wizard opens; `useSaveInviteDraft`
 * keeps it up to date (never with the passwords) until `finish()` after a successful registration.
 */
export const useInviteDraft = (inviteCode: string): DraftStore<InviteDraft> =>
  useDraft(() => draftKey(inviteCode), parseDraft);

/** Saves the wizard's step, answers (without the passwords) and hours on every change. */
export function useSaveInviteDraft(
  draft: DraftStore<InviteDraft>,
  { step, values, hours }: { step: string; values: InviteWizardValues; hours: WeeklyHours },
) {
  const { password: _password, confirmPassword: _confirm, availability: _availability, ...kept } = values;
  const hadPassword = values.password !== '' || values.confirmPassword !== '';
  useSaveDraft(draft, { step, values: kept satisfies KeptValues, hours, hadPassword });
}
