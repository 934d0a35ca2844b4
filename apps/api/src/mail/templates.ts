import {
  CODE_LENGTH,
  EMAIL_CHANGE_CODE_TTL_HOURS,
  INVITE_EXPIRY_HOURS,
  PRODUCT_NAME,
  RESET_CODE_TTL_HOURS,
  SIGNUP_CODE_TTL_HOURS,
  TIME_ZONE,
} from '@app/domain';
import { actionLink, EMAIL_COLOURS, emailDocument, escapeHtml, factList, paragraph } from './layout';
import type { MailMessage } from './mailer';

/**
 * One email: its text part, and its HTML part (`body`, the same content) in the product's layout
 * (layout.ts). The inbox's preview line is the text's first paragraph.
 */
export function email(to: string, subject: string, text: string, body: string): MailMessage {
  const preview = text.split('\n\n')[0] ?? '';
  return { to, subject, text, html: emailDocument({ title: subject, preview, body }) };
}

/** A link shown as its address too, for a reader whose client hides where a button goes. */
export const addressOf = (href: string) =>
  `<p style="margin:0 0 16px;font-size:13px;color:${EMAIL_COLOURS.muted};overflow-wrap:anywhere">${escapeHtml(href)}</p>`;

function codeEmail(to: string, subject: string, intro: string, code: string, validity: string): MailMessage {
  const validFor = `It is valid for ${validity}. If you did not ask for it, you can ignore this email.`;
  return email(
    to,
    subject,
    `${intro}\n\nYour ${CODE_LENGTH}-digit code: ${code}\n\n${validFor}\n\n${PRODUCT_NAME}`,
    [
      paragraph(intro),
      `<p style="margin:0 0 16px">Your ${CODE_LENGTH}-digit code:</p>`,
      `<p style="margin:0 0 16px;font-size:28px;font-weight:700;letter-spacing:0.2em;color:${EMAIL_COLOURS.brandDark}">${escapeHtml(code)}</p>`,
      paragraph(validFor),
    ].join(''),
  );
}

const hours = (n: number) => (n === 1 ? '1 hour' : `${n} hours`);

export const signupCodeEmail = (to: string, code: string) =>
  codeEmail(
    to,
    `Your ${PRODUCT_NAME} confirmation code`,
    `Welcome to ${PRODUCT_NAME}! Enter this code to confirm your account.`,
    code,
    hours(SIGNUP_CODE_TTL_HOURS),
  );

export const passwordResetCodeEmail = (to: string, code: string) =>
  codeEmail(
    to,
    `Your ${PRODUCT_NAME} password reset code`,
    'Someone (hopefully you) asked to reset the password of this account. Enter this code to choose a new password.',
    code,
    hours(RESET_CODE_TTL_HOURS),
  );

export const emailChangeCodeEmail = (to: string, code: string) =>
  codeEmail(
    to,
    `Confirm your new ${PRODUCT_NAME} email address`,
    `Someone (hopefully you) asked to use this address for their ${PRODUCT_NAME} account. Enter this code on your profile to confirm it.`,
    code,
    hours(EMAIL_CHANGE_CODE_TTL_HOURS),
  );

/** Sent to the old address once an email change is applied, so a hijack does not go unnoticed. */
export function emailChangedNoticeEmail(to: string, newEmail: string): MailMessage {
  const text = `The email address of your ${PRODUCT_NAME} account was changed to ${newEmail}. If you did not do this, please contact us.`;
  return email(
    to,
    `Your ${PRODUCT_NAME} email address was changed`,
    `${text}\n\n${PRODUCT_NAME}`,
    paragraph(text),
  );
}

// ---- Invites -----------------------------------------------------------------------------------------

/** The Admin's invitation: the single-use registration link (`${APP_URL}/invite/{inviteCode}`). */
export function businessInviteEmail(to: string, link: string): MailMessage {
  const intro = `You have been invited to join ${PRODUCT_NAME} as a business. Open this link to register your shop, your opening hours and your prices:`;
  const validity = `The link is valid for ${hours(INVITE_EXPIRY_HOURS)} and can be used once. If you did not expect this invitation, you can ignore this email.`;
  return email(
    to,
    `You are invited to join ${PRODUCT_NAME}`,
    `${intro}\n\n${link}\n\n${validity}\n\n${PRODUCT_NAME}`,
    paragraph(intro) +
      actionLink(link, 'Complete your business registration') +
      addressOf(link) +
      paragraph(validity),
  );
}

// ---- Bookings --------------------------------------------------------------------------------------

const longDate = new Intl.DateTimeFormat('en-GB', {
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});

/** 'YYYY-MM-DD HH:MM' (NI wall clock) → 'Friday 12 June 2026 at 10:00'. */
export function formatBookingTime(bookingDateTime: string): string {
  const [date, time] = bookingDateTime.split(' ') as [string, string | undefined];
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const day = Number.isFinite(y) ? longDate.format(new Date(Date.UTC(y, m - 1, d))) : date;
  return time ? `${day} at ${time}` : day;
}

/** What every booking email says about the booking. */
export interface BookingEmailFacts {
  customerName: string;
  businessName: string;
  bookingDateTime: string;
  price: number;
  /** Once agreed (a reminder): shown instead of the offer. */
  agreedPrice?: number;
  isHomeVisit: boolean;
  /**
   * Where the appointment is, for the reader: a home visit's address, or to the customer the shop's
   * (in full once agreed, else its public form; api-contract §8.5). Left out when '' or missing.
   */
  address?: string;
  /** Where the reader manages the booking (the profile or the dashboard). */
  link: string;
  /** The booking's money for the reader ('Pay deposit £7.50 by …'), when it asks for any (§9.2). */
  payment?: string | null;
  /** Its service, length and barber ('Skin fade · 30 min · with Niamh'); none for a default hour (§9.3). */
  service?: string | null;
}

/** An address typed over several lines (the business's textarea) as one line. */
const addressLine = (address: string) =>
  address
    .split(/[,\n]/)
    .map((part) => part.trim())
    .filter(Boolean)
    .join(', ');

export function bookingEmail(
  to: string,
  subject: string,
  headline: string,
  facts: BookingEmailFacts,
  extra: string[] = [],
) {
  const lines = [
    `When: ${formatBookingTime(facts.bookingDateTime)}`,
    ...(facts.service ? [`Service: ${facts.service}`] : []),
    `Customer: ${facts.customerName}`,
    `Business: ${facts.businessName}`,
    facts.agreedPrice === undefined ? `Price offered: £${facts.price}` : `Price: £${facts.agreedPrice}`,
    `Where: ${facts.isHomeVisit ? 'Home visit' : 'At the shop'}`,
    ...(facts.address?.trim() ? [`Address: ${addressLine(facts.address)}`] : []),
    ...(facts.payment ? [facts.payment] : []),
    ...extra,
  ];
  return email(
    to,
    subject,
    `${headline}\n\n${lines.join('\n')}\n\nManage it here: ${facts.link}\n\n${PRODUCT_NAME}`,
    paragraph(headline, 'font-size:18px;font-weight:700') +
      factList(lines) +
      actionLink(facts.link, 'Manage it here'),
  );
}

/** To both parties: the booking moved to a new time (api-contract §9.4), its calendar entry updated. */
export const bookingMovedEmail = (to: string, facts: BookingEmailFacts, from: string) =>
  bookingEmail(
    to,
    `Appointment moved to ${formatBookingTime(facts.bookingDateTime)}`,
    `Your appointment with ${facts.businessName} has moved from ${formatBookingTime(from)}.`,
    facts,
  );

/**
 * To the other party: a new time is proposed for the appointment (api-contract §9.4); it keeps its
 * time until they accept.
 */
export const moveProposedEmail = (
  to: string,
  facts: BookingEmailFacts,
  proposer: string,
  proposedTo: string,
) =>
  bookingEmail(
    to,
    `New time proposed: ${formatBookingTime(proposedTo)}`,
    `${proposer} proposes moving the appointment to ${formatBookingTime(proposedTo)}. Accept or decline it from your bookings; until then it keeps its time.`,
    facts,
  );

/** To the proposer: the other party declined the new time; the appointment keeps its time. */
export const moveDeclinedEmail = (
  to: string,
  facts: BookingEmailFacts,
  answerer: string,
  proposedTo: string,
) =>
  bookingEmail(
    to,
    `New time declined: ${formatBookingTime(proposedTo)}`,
    `${answerer} declined moving the appointment to ${formatBookingTime(proposedTo)}. It keeps its time.`,
    facts,
  );

// To the business:

export const bookingRequestedEmail = (to: string, facts: BookingEmailFacts) =>
  bookingEmail(
    to,
    `New booking request from ${facts.customerName}`,
    `${facts.customerName} asked for an appointment. Approve, counter or deny it from your dashboard.`,
    facts,
  );

export const bookingCancelledEmail = (to: string, facts: BookingEmailFacts) =>
  bookingEmail(
    to,
    `Booking request cancelled by ${facts.customerName}`,
    `${facts.customerName} cancelled their booking request.`,
    facts,
  );

/** The customer cancelled an appointment the business had agreed: the hour is free again. */
export const appointmentCancelledByCustomerEmail = (to: string, facts: BookingEmailFacts) =>
  bookingEmail(
    to,
    `Appointment cancelled by ${facts.customerName}`,
    `${facts.customerName} cancelled their appointment. The hour is free to book again.`,
    facts,
  );

export const counterAcceptedEmail = (to: string, facts: BookingEmailFacts, finalPrice: number) =>
  bookingEmail(
    to,
    `${facts.customerName} accepted your counter offer`,
    `${facts.customerName} accepted your counter offer of £${finalPrice}. The booking is confirmed.`,
    facts,
    [`Agreed price: £${finalPrice}`],
  );

export const counterDeclinedEmail = (to: string, facts: BookingEmailFacts, counterPrice: number) =>
  bookingEmail(
    to,
    `${facts.customerName} declined your counter offer`,
    `${facts.customerName} declined your counter offer of £${counterPrice}.`,
    facts,
  );

// To the customer:

/** How long before the appointment the customer may still cancel it online (api-contract §8.4). */
export const cancellationNoticeLine = (noticeHours: number) =>
  noticeHours === 0
    ? 'Cancelling: you can cancel online until the appointment starts'
    : `Cancelling: you can cancel online until ${noticeHours} ${noticeHours === 1 ? 'hour' : 'hours'} before the appointment`;

export const bookingApprovedEmail = (to: string, facts: BookingEmailFacts, noticeHours: number) =>
  bookingEmail(
    to,
    `Your booking with ${facts.businessName} is approved`,
    `${facts.businessName} approved your booking. See you then!`,
    facts,
    [cancellationNoticeLine(noticeHours)],
  );

export const appointmentCancelledByBusinessEmail = (to: string, facts: BookingEmailFacts, reason: string) =>
  bookingEmail(
    to,
    `${facts.businessName} cancelled your appointment`,
    `${facts.businessName} cancelled your appointment. You can request another time.`,
    facts,
    [`Reason: ${reason}`],
  );

export const bookingDeniedEmail = (to: string, facts: BookingEmailFacts) =>
  bookingEmail(
    to,
    // The booking's Status is Denied; "declined" is the customer turning down a counter offer.
    `Your booking request to ${facts.businessName} was denied`,
    `${facts.businessName} cannot take this booking. You can request another time.`,
    facts,
  );

export const counterOfferEmail = (to: string, facts: BookingEmailFacts, counterPrice: number) =>
  bookingEmail(
    to,
    `${facts.businessName} sent you a counter offer`,
    `${facts.businessName} offered £${counterPrice} for your booking. Accept or decline it on your profile.`,
    facts,
    [`Counter offer: £${counterPrice}`],
  );

/**
 * Before an agreed appointment (api-contract §8.3): when and where, the agreed price, the business's
 * cancellation notice and the link. Only reminders have a subject starting `Reminder:`.
 */
export const reminderEmail = (to: string, facts: BookingEmailFacts, place: string, noticeHours: number) =>
  bookingEmail(
    to,
    `Reminder: your appointment with ${facts.businessName} on ${formatBookingTime(facts.bookingDateTime)}`,
    `A reminder of your appointment with ${facts.businessName} on ${formatBookingTime(facts.bookingDateTime)}.`,
    { ...facts, address: place },
    [cancellationNoticeLine(noticeHours)],
  );

// ---- Messages about a booking ------------------------------------------------------------------------

const messageTime = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
  timeZone: TIME_ZONE,
});

/** An instant (ISO-8601) as Northern Ireland time: '26 Nov, 19:45'. */
export const formatMessageTime = (iso: string) => messageTime.format(new Date(iso));

/** What an email about a thread's unread messages says (api-contract §8.8). */
export interface UnreadMessagesFacts {
  /** The other party, as the booking names them. */
  senderName: string;
  bookingDateTime: string;
  /** Every unread message, oldest first: each as typed, and when it was sent (ISO-8601). */
  messages: readonly { body: string; sentAt: string }[];
  /** Where the reader opens the thread (the profile or the dashboard). */
  link: string;
}

/** 'New message from …' or '3 new messages from …', about the booking's date and time. */
export function unreadMessagesSubject(senderName: string, bookingDateTime: string, count: number): string {
  const what = count === 1 ? 'New message' : `${count} new messages`;
  return `${what} from ${senderName} about your booking on ${formatBookingTime(bookingDateTime)}`;
}

/**
 * The other party's messages the reader has not read: their text (escaped in the HTML part, where a
 * body shows as typed, line breaks kept), when each was sent, and the link to reply.
 */
export function unreadMessagesEmail(to: string, facts: UnreadMessagesFacts): MailMessage {
  const total = facts.messages.length;
  const count = total === 1 ? 'a message' : `${total} messages`;
  const headline = `${facts.senderName} sent you ${count} about your booking on ${formatBookingTime(facts.bookingDateTime)}.`;
  const textMessages = facts.messages.map((m) => `${formatMessageTime(m.sentAt)}\n${m.body}`);
  const htmlMessages = facts.messages.map(
    (m) =>
      `<p style="margin:16px 0 0;color:${EMAIL_COLOURS.muted};font-size:14px">${escapeHtml(formatMessageTime(m.sentAt))}</p><blockquote style="margin:4px 0 0;padding:8px 16px;border-left:3px solid ${EMAIL_COLOURS.brand};white-space:pre-wrap">${escapeHtml(m.body)}</blockquote>`,
  );
  return email(
    to,
    unreadMessagesSubject(facts.senderName, facts.bookingDateTime, total),
    [headline, ...textMessages, `Reply here: ${facts.link}`, PRODUCT_NAME].join('\n\n'),
    [paragraph(headline), ...htmlMessages, actionLink(facts.link, 'Read and reply')].join(''),
  );
}
