import { z } from 'zod';
import { ConfirmationCodeSchema } from './auth';
import { MESSAGES } from './messages';
import { MinimumPriceSchema } from './prices';

// With its phrase in constants.ts (no zod), for the delete dialog's first render.
export { isDeletePhrase } from './constants';

/** PUT /user/minimum-price: whole pounds £1–£1000 (a number, or numeric text). */
export const MinimumPriceRequestSchema = z.object({ minimumPrice: MinimumPriceSchema });
export type MinimumPriceRequest = z.input<typeof MinimumPriceRequestSchema>;

/** PUT /user/home-visit */
export const HomeVisitRequestSchema = z.object({
  homeVisitsEnabled: z.boolean({ error: MESSAGES.mustBeTrueOrFalse }),
});
export type HomeVisitRequest = z.input<typeof HomeVisitRequestSchema>;

/** POST /user/verify-email: the 6-digit code emailed to the new address. */
export const VerifyEmailRequestSchema = z.object({ code: ConfirmationCodeSchema });
export type VerifyEmailRequest = z.input<typeof VerifyEmailRequestSchema>;
