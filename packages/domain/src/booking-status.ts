/**
 * Booking statuses, who may move a booking between them and the small questions the screens ask
 * of a status. No zod here: the web app's booking lists need these on their first paint, and the
 * request schemas (bookings.ts) would bring zod and build every schema with them.
 */

export const BOOKING_STATUSES = [
  'Requested',
  'Approved',
  'Denied',
  'Countered',
  'Confirmed',
  'Declined',
  'Cancelled',
] as const;
export type BookingStatus = (typeof BOOKING_STATUSES)[number];

export const isBookingStatus = (value: unknown): value is BookingStatus =>
  typeof value === 'string' && (BOOKING_STATUSES as readonly string[]).includes(value);

/** 'Invalid status: {status}. Allowed statuses are: Requested, Approved, …' (spec §4, api-contract §4). */
export const invalidStatusMessage = (status: string) =>
  `Invalid status: ${status}. Allowed statuses are: ${BOOKING_STATUSES.join(', ')}`;

/** For exhaustive switches: a status (or any union member) the code forgot is a type error. */
export function assertNever(value: never): never {
  throw new Error(`Unexpected value: ${String(value)}`);
}

// ---- Transitions (api-contract §4) --------------------------------------------------------------

export const BOOKING_ACTORS = ['business', 'customer'] as const;
export type BookingActor = (typeof BOOKING_ACTORS)[number];

/**
 * `cancel` is the customer's (setstatus Cancelled); `withdraw` is the business cancelling an
 * appointment it had agreed, with a reason (PATCH /booking/cancel).
 */
export const BOOKING_ACTIONS = [
  'approve',
  'deny',
  'counter',
  'cancel',
  'accept',
  'decline',
  'withdraw',
] as const;
export type BookingAction = (typeof BOOKING_ACTIONS)[number];

/** The PATCH call that carries each action. */
export type BookingCall = 'setstatus' | 'counter' | 'respond-to-counter' | 'cancel';

export interface BookingTransition {
  from: BookingStatus;
  actor: BookingActor;
  action: BookingAction;
  call: BookingCall;
  to: BookingStatus;
}

/**
 * Every allowed status change; anything else is 409 InvalidTransition. A new booking starts as
 * Requested (POST /booking/book). An agreed appointment (Approved, Confirmed) may be cancelled by
 * either party (api-contract §8.4); the customer only until the business's notice
 * (`isTooLateToCancel`), the business only before it starts.
 */
export const BOOKING_TRANSITIONS: readonly BookingTransition[] = [
  { from: 'Requested', actor: 'business', action: 'approve', call: 'setstatus', to: 'Approved' },
  { from: 'Requested', actor: 'business', action: 'deny', call: 'setstatus', to: 'Denied' },
  { from: 'Requested', actor: 'business', action: 'counter', call: 'counter', to: 'Countered' },
  { from: 'Requested', actor: 'customer', action: 'cancel', call: 'setstatus', to: 'Cancelled' },
  { from: 'Countered', actor: 'customer', action: 'accept', call: 'respond-to-counter', to: 'Confirmed' },
  { from: 'Countered', actor: 'customer', action: 'decline', call: 'respond-to-counter', to: 'Declined' },
  { from: 'Approved', actor: 'customer', action: 'cancel', call: 'setstatus', to: 'Cancelled' },
  { from: 'Confirmed', actor: 'customer', action: 'cancel', call: 'setstatus', to: 'Cancelled' },
  { from: 'Approved', actor: 'business', action: 'withdraw', call: 'cancel', to: 'Cancelled' },
  { from: 'Confirmed', actor: 'business', action: 'withdraw', call: 'cancel', to: 'Cancelled' },
];

/**
 * Who cancelled a Cancelled booking (api-contract §8.4: `CancelledBy`): one of the parties, or the
 * system when a payment asked for did not arrive by its deadline (api-contract §9.2).
 */
export const CANCELLED_BY = [...BOOKING_ACTORS, 'system'] as const;
export type CancelledBy = (typeof CANCELLED_BY)[number];

/** True when the transition gives up an hour the booking held (a cancelled appointment). */
export const releasesSlot = (transition: BookingTransition): boolean =>
  holdsSlot(transition.from) && !holdsSlot(transition.to);

export function findTransition(
  from: BookingStatus,
  actor: BookingActor,
  action: BookingAction,
): BookingTransition | undefined {
  return BOOKING_TRANSITIONS.find((t) => t.from === from && t.actor === actor && t.action === action);
}

export function canTransition(from: BookingStatus, actor: BookingActor, action: BookingAction): boolean {
  return findTransition(from, actor, action) !== undefined;
}

/** The status after the action, or null when the action is not allowed from `from` for `actor`. */
export function nextStatus(
  from: BookingStatus,
  actor: BookingActor,
  action: BookingAction,
): BookingStatus | null {
  return findTransition(from, actor, action)?.to ?? null;
}

/** The action a PATCH /booking/setstatus with this status asks for; null for statuses it cannot set. */
export function setStatusAction(status: BookingStatus): BookingAction | null {
  switch (status) {
    case 'Approved':
      return 'approve';
    case 'Denied':
      return 'deny';
    case 'Cancelled':
      return 'cancel';
    case 'Requested':
    case 'Countered':
    case 'Confirmed':
    case 'Declined':
      return null;
    default:
      return assertNever(status);
  }
}

export const COUNTER_RESPONSES = ['Accepted', 'Declined'] as const;
export type CounterResponse = (typeof COUNTER_RESPONSES)[number];

/** The action a PATCH /booking/respond-to-counter asks for. */
export function counterResponseAction(response: CounterResponse): BookingAction {
  switch (response) {
    case 'Accepted':
      return 'accept';
    case 'Declined':
      return 'decline';
    default:
      return assertNever(response);
  }
}

/** True when no transition leaves the status (an agreed appointment can still be cancelled). */
export function isTerminal(status: BookingStatus): boolean {
  switch (status) {
    case 'Requested':
    case 'Countered':
    case 'Approved':
    case 'Confirmed':
      return false;
    case 'Denied':
    case 'Declined':
    case 'Cancelled':
      return true;
    default:
      return assertNever(status);
  }
}

/** Statuses that block account deletion while the booking's time is still ahead (api-contract §3). */
export const ACTIVE_STATUSES = [
  'Requested',
  'Countered',
  'Approved',
  'Confirmed',
] as const satisfies readonly BookingStatus[];

export function isActiveStatus(status: BookingStatus): boolean {
  switch (status) {
    case 'Requested':
    case 'Countered':
    case 'Approved':
    case 'Confirmed':
      return true;
    case 'Denied':
    case 'Declined':
    case 'Cancelled':
      return false;
    default:
      return assertNever(status);
  }
}

/** Statuses that hold the business's hour: no two of them may overlap (api-contract §4). */
export const SLOT_HOLDING_STATUSES = ['Approved', 'Confirmed'] as const satisfies readonly BookingStatus[];

export function holdsSlot(status: BookingStatus): boolean {
  switch (status) {
    case 'Approved':
    case 'Confirmed':
      return true;
    case 'Requested':
    case 'Countered':
    case 'Denied':
    case 'Declined':
    case 'Cancelled':
      return false;
    default:
      return assertNever(status);
  }
}

/** A customer may not make a second booking for a business and time while one of these is open. */
export const PENDING_STATUSES = ['Requested', 'Countered'] as const satisfies readonly BookingStatus[];

/** Spec §4: a customer's status update may only be Requested or Cancelled. */
export const CUSTOMER_REQUESTABLE_STATUSES = ['Requested', 'Cancelled'] as const;

export function customerMayRequestStatus(
  status: string,
): status is (typeof CUSTOMER_REQUESTABLE_STATUSES)[number] {
  return (CUSTOMER_REQUESTABLE_STATUSES as readonly string[]).includes(status);
}

/** The client-side refusal of a customer status update, or null when it may be sent. */
export function customerStatusError(status: string): string | null {
  return customerMayRequestStatus(status) ? null : invalidStatusMessage(status);
}
