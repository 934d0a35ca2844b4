import { describe, expect, it } from 'vitest';
import { type BookingEmailFacts, bookingDeniedEmail, counterDeclinedEmail } from './templates';

const facts: BookingEmailFacts = {
  customerName: 'Siobhán Kelly',
  businessName: 'Malone Cuts',
  bookingDateTime: '2026-12-05 10:00',
  price: 25,
  isHomeVisit: false,
  link: 'http://localhost:3000/profile',
};

describe('booking email subjects', () => {
  it('says denied when the business denies a request (its Status is Denied)', () => {
    const mail = bookingDeniedEmail('customer@example.com', facts);
    expect(mail.subject).toBe('Your booking request to Malone Cuts was denied');
    expect(mail.subject).not.toMatch(/declined/i);
  });

  it('keeps declined for the customer declining a counter offer (its Status is Declined)', () => {
    const mail = counterDeclinedEmail('business@example.com', facts, 30);
    expect(mail.subject).toBe('Siobhán Kelly declined your counter offer');
  });
});
