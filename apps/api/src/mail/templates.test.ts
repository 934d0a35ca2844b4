import { describe, expect, it } from 'vitest';
import {
  appointmentCancelledByBusinessEmail,
  appointmentCancelledByCustomerEmail,
  type BookingEmailFacts,
  bookingApprovedEmail,
  bookingDeniedEmail,
  counterDeclinedEmail,
} from './templates';

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

describe('cancelling an agreed appointment', () => {
  it('tells the customer of an approval how long they may still cancel online', () => {
    expect(bookingApprovedEmail('customer@example.com', facts, 24).text).toContain(
      'Cancelling: you can cancel online until 24 hours before the appointment',
    );
    expect(bookingApprovedEmail('customer@example.com', facts, 1).text).toContain('until 1 hour before');
    expect(bookingApprovedEmail('customer@example.com', facts, 0).text).toContain(
      'Cancelling: you can cancel online until the appointment starts',
    );
  });

  it('gives the customer the business’s reason, escaped in the HTML part', () => {
    const mail = appointmentCancelledByBusinessEmail('customer@example.com', facts, 'Barber <ill>');
    expect(mail.subject).toBe('Malone Cuts cancelled your appointment');
    expect(mail.text).toContain('Reason: Barber <ill>');
    expect(mail.html).toContain('Reason: Barber ');
    expect(mail.html).not.toContain('<ill>');
  });

  it('tells the business the customer cancelled and the hour is free', () => {
    const mail = appointmentCancelledByCustomerEmail('business@example.com', facts);
    expect(mail.subject).toBe('Appointment cancelled by Siobhán Kelly');
    expect(mail.text).toContain('The hour is free to book again.');
  });
});
