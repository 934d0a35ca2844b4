import { z } from 'zod';
import { ConfirmationCodeSchema } from './auth';
import { DELETE_ACCOUNT_PHRASE } from './constants';
import { MESSAGES } from './messages';
import { MinimumPriceSchema } from './prices';

/** Delete account, last step: the person must type exactly 'DELETE MY ACCOUNT' (case and spaces included). */
export const isDeletePhrase = (text: string) => text === DELETE_ACCOUNT_PHRASE;

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
