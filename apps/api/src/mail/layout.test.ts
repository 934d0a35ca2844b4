import { HtmlValidate } from 'html-validate';
import { describe, expect, it } from 'vitest';
import type { MailMessage } from './mailer';
import * as paymentTemplates from './payment-templates';
import * as reviewTemplates from './review-templates';
import * as templates from './templates';

// Issue 29, item 21: every email has a branded HTML part with the text part's content, and that
// part is a valid HTML document (html-validate's recommended rules, but two: inline styles are how
// email clients take CSS, and the title is the subject, as long as the subject is).
const validator = new HtmlValidate({
  extends: ['html-validate:recommended'],
  rules: { 'no-inline-style': 'off', 'long-title': 'off' },
});

const facts: templates.BookingEmailFacts = {
  customerName: 'Seán O’Neill <b>',
  businessName: 'Malone <Cuts> & Co',
  bookingDateTime: '2026-12-05 10:00',
  price: 25,
  isHomeVisit: true,
  address: '14 Malone Avenue,\nBelfast, BT9 6EN',
  link: 'http://localhost:3000/profile?booking=b1&x="y"',
};
const hidden = {
  businessName: 'Malone <Cuts>',
  visitedOn: '2026-12-05',
  reason: 'Personal details\nand <script>',
  link: 'http://localhost:3000/profile',
};

/** One of each email the product sends, with text that needs escaping. */
const EVERY_EMAIL: Record<string, MailMessage> = {
  signupCode: templates.signupCodeEmail('a@example.com', '123456'),
  passwordResetCode: templates.passwordResetCodeEmail('a@example.com', '123456'),
  emailChangeCode: templates.emailChangeCodeEmail('a@example.com', '123456'),
  emailChanged: templates.emailChangedNoticeEmail('a@example.com', 'new@example.com'),
  invite: templates.businessInviteEmail('a@example.com', `http://localhost:3000/invite/${'A'.repeat(43)}`),
  requested: templates.bookingRequestedEmail('a@example.com', facts),
  requestCancelled: templates.bookingCancelledEmail('a@example.com', facts),
  cancelledByCustomer: templates.appointmentCancelledByCustomerEmail('a@example.com', facts),
  counterAccepted: templates.counterAcceptedEmail('a@example.com', facts, 30),
  counterDeclined: templates.counterDeclinedEmail('a@example.com', facts, 30),
  approved: templates.bookingApprovedEmail('a@example.com', facts, 24),
  cancelledByBusiness: templates.appointmentCancelledByBusinessEmail('a@example.com', facts, 'Ill <today>'),
  denied: templates.bookingDeniedEmail('a@example.com', facts),
  counterOffer: templates.counterOfferEmail('a@example.com', facts, 40),
  reminder: templates.reminderEmail('a@example.com', facts, '2 High Street, Belfast', 24),
  unreadMessages: templates.unreadMessagesEmail('a@example.com', {
    senderName: 'Seán <O’Neill>',
    bookingDateTime: '2026-12-05 10:00',
    messages: [
      { body: 'Line one\n<b>bold</b> & "quoted"', sentAt: '2026-12-01T19:45:00.000Z' },
      { body: 'x'.repeat(300), sentAt: '2026-12-01T19:46:00.000Z' },
    ],
    link: 'http://localhost:3000/admin?tab=requests&booking=b1',
  }),
  reviewInvite: reviewTemplates.reviewInviteEmail('a@example.com', {
    businessName: 'Malone <Cuts>',
    bookingDateTime: '2026-12-05 10:00',
    link: 'http://localhost:3000/profile',
    writeBy: 'Monday 4 January 2027',
  }),
  reviewHiddenAuthor: reviewTemplates.reviewHiddenAuthorEmail('a@example.com', hidden),
  reviewHiddenBusiness: reviewTemplates.reviewHiddenBusinessEmail('a@example.com', hidden),
  receipt: paymentTemplates.receiptEmail('a@example.com', facts, { amountPence: 750, what: 'deposit' }),
  paymentReceived: paymentTemplates.paymentReceivedEmail('a@example.com', facts, {
    amountPence: 3000,
    what: 'payment',
  }),
};

/** The words of an HTML part, as a reader sees them (tags gone, entities read). */
const wordsOf = (html: string) =>
  html
    .replace(/<title>[\s\S]*?<\/title>/, '')
    .replace(/<div style="display:none[^>]*>[\s\S]*?<\/div>/, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code)))
    .replace(/\s+/g, ' ');

describe.each(Object.entries(EVERY_EMAIL))('the %s email', (_name, mail) => {
  it('has an HTML part that is a valid document in the product’s layout', async () => {
    const html = mail.html ?? '';
    const report = await validator.validateString(html);
    const problems = report.results.flatMap((result) =>
      result.messages.map((m) => `${m.ruleId}: ${m.message} (line ${m.line})`),
    );
    expect(problems).toEqual([]);
    expect(html).toMatch(/^<!DOCTYPE html>\n<html lang="en-GB">/);
    expect(html).toContain('<meta name="viewport" content="width=device-width, initial-scale=1">');
    expect(html).toContain(
      `<title>${mail.subject.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)}</title>`,
    );
    // Nothing typed by a person becomes markup.
    expect(html).not.toMatch(/<(b|script|Cuts|today|O’Neill)>/);
  });

  it('says in its HTML part what its text part says', () => {
    const words = wordsOf(mail.html ?? '');
    const paragraphs = mail.text.split('\n\n').flatMap((block) => block.split('\n'));
    for (const line of paragraphs) {
      // A link's address, as the text gives it, is in the HTML part as a link (or shown).
      const text = line.replace(/^(Manage it here|Reply here|Write your review here): /, '');
      if (/^https?:\/\//.test(text)) {
        expect(mail.html).toContain(`href="${text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)}"`);
        continue;
      }
      expect(words, line).toContain(text.replace(/\s+/g, ' ').trim());
    }
  });
});
