import { describe, expect, it } from 'vitest';
import { writeDraft } from '@/lib/draft-storage';
import { saveSession } from '@/lib/session';
import { makeAccessToken } from '@/testing/tokens';
import { bookingDraftKey, hasBookingDraft } from './use-booking-draft';

const signInAs = (sub: string) =>
  saveSession({ accessToken: makeAccessToken({ sub }), refreshToken: 'refresh' }, { rememberMe: false });

describe('whether a tab holds a booking draft for a business (the hydrated wizard starts from it)', () => {
  it('finds the signed-in person’s own draft, and a visitor’s that carries over to them', () => {
    signInAs('person-1');
    expect(hasBookingDraft('shop-1')).toBe(false);
    writeDraft(bookingDraftKey('shop-1'), { step: 'price' });
    expect(hasBookingDraft('shop-1')).toBe(true);
    expect(hasBookingDraft('shop-2')).toBe(false);

    writeDraft('booking.anonymous.shop-2', { step: 'review' });
    expect(hasBookingDraft('shop-2')).toBe(true);
  });

  it('does not see another person’s draft on this tab', () => {
    signInAs('person-1');
    writeDraft(bookingDraftKey('shop-1'), { step: 'price' });
    signInAs('person-2');
    expect(hasBookingDraft('shop-1')).toBe(false);
  });

  it('finds a visitor’s draft before anyone signs in', () => {
    expect(hasBookingDraft('shop-1')).toBe(false);
    writeDraft(bookingDraftKey('shop-1'), { step: 'dateTime' });
    expect(hasBookingDraft('shop-1')).toBe(true);
  });
});
