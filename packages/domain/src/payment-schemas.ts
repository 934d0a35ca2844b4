import { z } from 'zod';
import { idSchema } from './bookings';
import {
  ATTENDANCES,
  DEPOSIT_PERCENT_MAX,
  DEPOSIT_PERCENT_MIN,
  PAYMENT_MESSAGES,
  PAYMENT_MODES,
  type PaymentSettings,
} from './payments';

/** GET/PUT /user/payment-settings (api-contract §9.2). */
export const PaymentSettingsSchema = z.object({
  mode: z.enum(PAYMENT_MODES, { error: PAYMENT_MESSAGES.mode }),
  depositPercent: z
    .number({ error: PAYMENT_MESSAGES.depositPercent })
    .int(PAYMENT_MESSAGES.depositPercent)
    .min(DEPOSIT_PERCENT_MIN, PAYMENT_MESSAGES.depositPercent)
    .max(DEPOSIT_PERCENT_MAX, PAYMENT_MESSAGES.depositPercent),
}) satisfies z.ZodType<PaymentSettings>;

/** POST /payments/checkout: the customer pays what the booking asks for. */
export const CheckoutRequestSchema = z.object({ bookingId: idSchema('bookingId') });

/** PATCH /booking/attendance: the business's word on an agreed appointment once it has started. */
export const AttendanceRequestSchema = z.object({
  bookingId: idSchema('bookingId'),
  attendance: z.enum(ATTENDANCES, { error: PAYMENT_MESSAGES.attendance }),
});
export type AttendanceRequest = z.input<typeof AttendanceRequestSchema>;
