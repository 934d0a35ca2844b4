import { MAX_AGREED_BOOKINGS_DECIDED } from '@app/domain';
import { USER_MESSAGES } from '../users/users.messages';
/** The server's own booking messages (the spec's strings live in @app/domain MESSAGES). */
export const BOOKING_MESSAGES = {
  requested: 'Booking request sent.',
  businessNotFound: USER_MESSAGES.businessNotFound,
  bookingNotFound: 'Booking not found.',
  slotNotAvailable: 'This time is not available. Please choose one of the offered times.',
  noHomeVisits: 'This business does not offer home visits.',
  slotTaken: 'This time has just been booked. Please choose another time.',
  /** A change of hours or away dates over more agreed bookings than one decision may name (issue 29). */
  tooManyAgreedBookings: (count: number) =>
    `This change falls on ${count} agreed bookings, more than ${MAX_AGREED_BOOKINGS_DECIDED} at once. Change fewer days at a time.`,
  duplicateRequest: 'You already have an open request with this business at this time.',
  timeHasPassed: 'its time has passed',
  outsideHours: 'its time is no longer within the business’s hours',
  statusUpdated: (status: string) => `Booking ${status.toLowerCase()}.`,
  countered: 'Counter offer sent.',
  attendanceMarked: 'Attendance saved.',
  unknownService: 'Choose one of the business’s services.',
  unknownMember: 'Choose a member of the team who does this service.',
} as const;
