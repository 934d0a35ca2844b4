import { PRODUCT_NAME, REMEMBER_ME_DAYS } from '@app/domain';
import { Anchor, Checkbox, Stack } from '@mantine/core';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import type { AuthForm } from '../hooks/use-validated-form';

export interface ConsentValues {
  rememberMe: boolean;
  privacyConsent: boolean;
  marketingConsent: boolean;
  [field: string]: unknown;
}

export const REMEMBER_ME_LABEL = `Remember me for ${REMEMBER_ME_DAYS} days`;
export const MARKETING_CONSENT_LABEL = `Send me news and offers from ${PRODUCT_NAME} (optional)`;

/** Remember-me, privacy consent and marketing consent (spec §2 "Auth screen"). */
export function ConsentCheckboxes<Values extends ConsentValues>({ form }: { form: AuthForm<Values> }) {
  // The legal pages open in a new tab so a half-filled form is not lost.
  const legalLink = (to: string, label: string) => (
    <Anchor component={Link} to={to} target="_blank" rel="noopener" inherit>
      {label}
    </Anchor>
  );
  return (
    <Stack gap="sm">
      <Checkbox label={REMEMBER_ME_LABEL} {...form.getInputProps('rememberMe', { type: 'checkbox' })} />
      <Checkbox
        label={
          <>
            I agree to the {legalLink(paths.privacyPolicy.getHref(), 'Privacy Policy')} and{' '}
            {legalLink(paths.termsOfService.getHref(), 'Terms of Service')}
          </>
        }
        {...form.getInputProps('privacyConsent', { type: 'checkbox' })}
      />
      <Checkbox
        label={MARKETING_CONSENT_LABEL}
        {...form.getInputProps('marketingConsent', { type: 'checkbox' })}
      />
    </Stack>
  );
}
