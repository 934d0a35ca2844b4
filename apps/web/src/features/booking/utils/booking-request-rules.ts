import { type CreateBookingRequest, CreateBookingRequestSchema } from '@app/domain';

/**
 * The server's own rules for a booking request (the domain's zod schema), checked before it is
 * sent: the first problem's message, '' for a problem without one, or null when the request is
 * fine. A module of its own, loaded on demand (booking-wizard.tsx): the rules bring zod, which the
 * booking page's first screen does not need.
 */
export function bookingRequestProblem(request: CreateBookingRequest): string | null {
  const check = CreateBookingRequestSchema.safeParse(request);
  return check.success ? null : (check.error.issues[0]?.message ?? '');
}
