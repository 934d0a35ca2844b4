import { describe, expect, it } from 'vitest';
import { reviewHiddenAuthorEmail, reviewHiddenBusinessEmail, reviewInviteEmail } from './review-templates';
import {
  appointmentCancelledByBusinessEmail,
  appointmentCancelledByCustomerEmail,
  type BookingEmailFacts,
  bookingApprovedEmail,
  bookingDeniedEmail,
  counterDeclinedEmail,
  formatBookingTime,
  formatMessageTime,
  unreadMessagesEmail,
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
    expect(mail.html).toContain('<strong>Reason:</strong> Barber &#60;ill&#62;');
    expect(mail.html).not.toContain('<ill>');
  });

  it('tells the business the customer cancelled and the hour is free', () => {
    const mail = appointmentCancelledByCustomerEmail('business@example.com', facts);
    expect(mail.subject).toBe('Appointment cancelled by Siobhán Kelly');
    expect(mail.text).toContain('The hour is free to book again.');
  });
});

describe('the email about unread messages', () => {
  const WHEN = formatBookingTime('2026-12-05 10:00');
  const unread = {
    senderName: 'Siobhán Kelly',
    bookingDateTime: '2026-12-05 10:00',
    messages: [
      { body: 'Can you do £25?', sentAt: '2026-07-01T13:05:00.000Z' },
      { body: 'Line one\n<b>bold</b> & "quoted"', sentAt: '2026-12-01T09:30:00.000Z' },
    ],
    link: 'http://localhost:3000/admin',
  };

  it('shows message times in Northern Ireland time (BST in summer, GMT in winter)', () => {
    expect(formatMessageTime('2026-07-01T13:05:00.000Z')).toBe('1 Jul, 14:05');
    expect(formatMessageTime('2026-12-01T09:30:00.000Z')).toBe('1 Dec, 09:30');
  });

  it('names the sender, the booking and how many; each message as typed in the text part', () => {
    const mail = unreadMessagesEmail('business@example.com', unread);
    expect(mail.subject).toBe(`2 new messages from Siobhán Kelly about your booking on ${WHEN}`);
    expect(mail.text).toBe(
      [
        `Siobhán Kelly sent you 2 messages about your booking on ${WHEN}.`,
        '1 Jul, 14:05\nCan you do £25?',
        '1 Dec, 09:30\nLine one\n<b>bold</b> & "quoted"',
        'Reply here: http://localhost:3000/admin',
        'TrimTime NI',
      ].join('\n\n'),
    );
    const one = unreadMessagesEmail('business@example.com', {
      ...unread,
      messages: unread.messages.slice(0, 1),
    });
    expect(one.subject).toBe(`New message from Siobhán Kelly about your booking on ${WHEN}`);
    expect(one.text).toContain('Siobhán Kelly sent you a message about');
  });

  it('never puts a body into the HTML part as HTML', () => {
    const html = unreadMessagesEmail('business@example.com', unread).html ?? '';
    expect(html).toContain('Line one\n&#60;b&#62;bold&#60;/b&#62; &#38; &#34;quoted&#34;');
    expect(html).not.toContain('<b>bold');
    expect(html).toMatch(/<a href="http:\/\/localhost:3000\/admin"[^>]*>Read and reply<\/a>/);
  });
});

describe('review emails', () => {
  it('invites the customer to review, with the deadline and the link to their bookings; never a "Reminder:"', () => {
    const mail = reviewInviteEmail('customer@example.com', {
      businessName: 'Malone <Cuts> & Co',
      bookingDateTime: '2026-12-05 10:00',
      link: 'http://localhost:3000/profile',
      writeBy: 'Monday 4 January 2027',
    });
    expect(mail.subject).toBe('How was your appointment with Malone <Cuts> & Co?');
    expect(mail.subject.startsWith('Reminder:')).toBe(false);
    expect(mail.text).toContain(
      `How was your appointment with Malone <Cuts> & Co on ${formatBookingTime('2026-12-05 10:00')}?`,
    );
    expect(mail.text).toContain('until Monday 4 January 2027');
    expect(mail.text).toContain('Write your review here: http://localhost:3000/profile');
    expect(mail.html).toContain('Malone &#60;Cuts&#62; &#38; Co');
    expect(mail.html).not.toContain('<Cuts>');
    expect(mail.html).toMatch(/<a href="http:\/\/localhost:3000\/profile"[^>]*>Write your review<\/a>/);
  });

  it('tells the author and the business that a review was hidden and why, the reason escaped in the HTML part', () => {
    const hidden = {
      businessName: 'Malone Cuts',
      visitedOn: '2026-12-05',
      reason: 'Personal details <script>',
      link: 'http://localhost:3000/profile',
    };
    const author = reviewHiddenAuthorEmail('customer@example.com', hidden);
    expect(author.subject).toBe('Your review of Malone Cuts was hidden');
    expect(author.text).toContain('Reason: Personal details <script>');
    expect(author.text).toContain(formatBookingTime('2026-12-05'));
    expect(author.html).toContain('Reason: Personal details &#60;script&#62;');
    expect(author.html).not.toContain('<script>');
    const business = reviewHiddenBusinessEmail('shop@example.com', {
      ...hidden,
      link: 'http://localhost:3000/admin',
    });
    expect(business.subject).toBe('A review of your business was hidden');
    expect(business.text).toContain('http://localhost:3000/admin');
    expect(business.html).not.toContain('<script>');
  });
});
