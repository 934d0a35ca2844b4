import { z } from 'zod';
import { ConfirmationCodeSchema } from './auth';
import {
  HOME_VISIT_DISTRICTS_FORMAT,
  MAX_HOME_VISIT_DISTRICTS_TEXT,
  parsePostcodeDistricts,
} from './home-visit-areas';
import { atMostCharacters, MESSAGES } from './messages';
import { MinimumPriceSchema } from './price-schemas';

// With its phrase in constants.ts (no zod), for the delete dialog's first render.
export { isDeletePhrase } from './constants';

/** PUT /user/minimum-price: whole pounds £1–£1000 (a number, or numeric text). */
export const MinimumPriceRequestSchema = z.object({ minimumPrice: MinimumPriceSchema });
export type MinimumPriceRequest = z.input<typeof MinimumPriceRequestSchema>;

/** PUT /user/home-visit */
/**
 * PUT /user/home-visit: whether the business offers home visits, the postcode districts it travels
 * to ('BT1-BT9, BT20'; '' for anywhere), or both; what is left out stays as it is (the spec's call
 * sends the flag alone, the Configuration's area form the districts alone).
 */
export const HomeVisitRequestSchema = z
  .object({
    homeVisitsEnabled: z.boolean({ error: MESSAGES.mustBeTrueOrFalse }).optional(),
    homeVisitDistricts: z
      .string({ error: HOME_VISIT_DISTRICTS_FORMAT })
      .max(MAX_HOME_VISIT_DISTRICTS_TEXT, atMostCharacters(MAX_HOME_VISIT_DISTRICTS_TEXT))
      .transform((text, ctx) => {
        const parsed = parsePostcodeDistricts(text);
        if ('error' in parsed) {
          ctx.addIssue({ code: 'custom', message: parsed.error });
          return z.NEVER;
        }
        return parsed.districts;
      })
      .optional(),
  })
  .refine((body) => body.homeVisitsEnabled !== undefined || body.homeVisitDistricts !== undefined, {
    message: MESSAGES.mustBeTrueOrFalse,
    path: ['homeVisitsEnabled'],
  });
export type HomeVisitRequest = z.input<typeof HomeVisitRequestSchema>;

const settingFlag = () => z.boolean({ error: MESSAGES.mustBeTrueOrFalse });

/**
 * PUT /user/notification-settings: all four flags, nothing else. An unknown key is refused under
 * its own name (a misspelt setting must not look saved). NOTE: a refusing catchall rather than
 * z.strictObject, whose one issue sits on the whole body and so would not name the key.
 */
export const NotificationSettingsRequestSchema = z
  .object({
    bookingUpdates: settingFlag(),
    reminders: settingFlag(),
    messages: settingFlag(),
    marketing: settingFlag(),
  })
  .catchall(
    z.unknown().superRefine((_value, ctx) => {
      ctx.addIssue({ code: 'custom', message: MESSAGES.notANotificationSetting });
    }),
  )
  // The OpenAPI document states what the catchall enforces.
  .meta({ additionalProperties: false });
export type NotificationSettingsRequest = z.input<typeof NotificationSettingsRequestSchema>;

/** POST /user/verify-email: the 6-digit code emailed to the new address. */
export const VerifyEmailRequestSchema = z.object({ code: ConfirmationCodeSchema });
export type VerifyEmailRequest = z.input<typeof VerifyEmailRequestSchema>;
