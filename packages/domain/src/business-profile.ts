import { z } from 'zod';
import { MAX_BUSINESS_NAME_LENGTH } from './constants';
import { BusinessDescriptionSchema, businessNameError, InviteAddressSchema } from './invite';
import { MESSAGES } from './messages';
import { inappropriateContentError } from './profanity';
import { ruleString } from './zod-helpers';

// PUT /user/business-profile (api-contract §8.5). NOTE: apart from the address helpers
// (business-address.ts) so that pages showing an address do not load the profanity word list.

/** The field names used in '{field} contains inappropriate content'. */
export const BUSINESS_FIELD_LABELS = {
  name: 'Business name',
  address: 'Business address',
  description: 'Business description',
} as const;

/**
 * The invite wizard's field schemas (the same rules and messages), then the profanity check (the
 * profile form's '{field} contains inappropriate content', with its allow-list of real place names).
 */
export const BusinessProfileRequestSchema = z.object({
  BusinessName: ruleString(
    MAX_BUSINESS_NAME_LENGTH,
    businessNameError,
    MESSAGES.businessNameRequired,
  ).superRefine((name, ctx) => {
    const message = inappropriateContentError(name, BUSINESS_FIELD_LABELS.name);
    if (message) ctx.addIssue({ code: 'custom', message });
  }),
  BusinessAddress: InviteAddressSchema.superRefine((address, ctx) => {
    const message = inappropriateContentError(address, BUSINESS_FIELD_LABELS.address);
    if (message) ctx.addIssue({ code: 'custom', message });
  }),
  BusinessDescription: BusinessDescriptionSchema.superRefine((description, ctx) => {
    const message = description
      ? inappropriateContentError(description, BUSINESS_FIELD_LABELS.description)
      : null;
    if (message) ctx.addIssue({ code: 'custom', message });
  }).transform((description) => description ?? ''),
  showFullAddress: z.boolean({ error: MESSAGES.mustBeTrueOrFalse }),
});
export type BusinessProfileRequest = z.input<typeof BusinessProfileRequestSchema>;
export type BusinessProfileChanges = z.output<typeof BusinessProfileRequestSchema>;

/** The Edit form's values (the dashboard's Shop Details). */
export interface BusinessProfileFormValues {
  BusinessName: string;
  BusinessAddress: string;
  BusinessDescription: string;
  showFullAddress: boolean;
}

/** The first problem of each field of the Edit form, by the request's own schema. */
export function businessProfileFormErrors(
  values: BusinessProfileFormValues,
): Partial<Record<keyof BusinessProfileFormValues, string>> {
  const result = BusinessProfileRequestSchema.safeParse(values);
  if (result.success) return {};
  const errors: Partial<Record<keyof BusinessProfileFormValues, string>> = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0] as keyof BusinessProfileFormValues | undefined;
    if (field) errors[field] ??= issue.message;
  }
  return errors;
}
