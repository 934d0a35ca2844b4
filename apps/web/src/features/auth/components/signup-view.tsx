import {
  COUNTRY_CODES,
  MIN_AGE_SIGNUP,
  MIN_BIRTHDATE,
  type SignUpFormValues,
  todayInLondon,
  yearsBefore,
} from '@app/domain';
import { Button, Group, NativeSelect, PasswordInput, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useEffect } from 'react';
import { PasswordChecklist } from '@/components/password-checklist';
import { lazyValidator, useValidatedForm } from '../hooks/use-validated-form';
import { ConsentCheckboxes } from './consent-checkboxes';
import { ForgotPasswordLink } from './view-link';

export type SignUpValues = SignUpFormValues & {
  rememberMe: boolean;
  privacyConsent: boolean;
  marketingConsent: boolean;
  [field: string]: unknown;
};

const validateSignUp = lazyValidator(() =>
  import('../utils/validators').then((rules) => rules.validateSignUp),
);

const COUNTRY_LABELS: Record<(typeof COUNTRY_CODES)[number], string> = {
  '+44': 'UK +44',
  '+353': 'IE +353',
};

export function SignUpView({
  onSubmit,
  onForgotPassword,
  serverErrors,
}: {
  onSubmit: (values: SignUpValues) => void;
  onForgotPassword: () => void;
  /** Field messages from a 400 response, keyed by form field. */
  serverErrors?: Record<string, string> | undefined;
}) {
  const { form, onSubmit: handleSubmit } = useValidatedForm<SignUpValues>({
    initialValues: {
      email: '',
      password: '',
      confirmPassword: '',
      firstName: '',
      lastName: '',
      countryCode: '+44',
      phone: '',
      dob: '',
      addressLine1: '',
      postcode: '',
      town: '',
      rememberMe: false,
      privacyConsent: false,
      marketingConsent: false,
    },
    validate: validateSignUp,
  });

  // The server checks the same rules; show its field messages where the form put them.
  useEffect(() => {
    if (serverErrors && Object.keys(serverErrors).length > 0) form.setErrors(serverErrors);
  }, [serverErrors, form.setErrors]);

  const input = (field: keyof SignUpValues & string) => form.getInputProps(field);
  // Spec §5: the date input runs from 1900-01-01 to today minus 12 years.
  const latestBirthdate = yearsBefore(todayInLondon(), MIN_AGE_SIGNUP);

  return (
    // method="post": a submit before the page has hydrated must never put a password in the URL.
    <form method="post" onSubmit={handleSubmit(onSubmit)} noValidate aria-label="Sign up">
      <Stack gap="md">
        <TextInput
          label="Email"
          type="email"
          autoComplete="email"
          inputMode="email"
          required
          {...input('email')}
        />
        <PasswordInput
          label="Password"
          autoComplete="new-password"
          required
          // Mantine builds the field's aria-describedby from its description and error only: the
          // checklist is the description, so the field announces its requirements.
          description={<PasswordChecklist password={form.values.password} id="signup-password-checklist" />}
          descriptionProps={{ component: 'div', mt: 'xs' }}
          inputWrapperOrder={['label', 'input', 'error', 'description']}
          {...input('password')}
        />
        <PasswordInput
          label="Confirm password"
          autoComplete="new-password"
          required
          {...input('confirmPassword')}
        />
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
          <TextInput label="First name" autoComplete="given-name" required {...input('firstName')} />
          <TextInput label="Last name" autoComplete="family-name" required {...input('lastName')} />
        </SimpleGrid>
        <Group gap="sm" align="flex-start" wrap="nowrap">
          <NativeSelect
            label="Country code"
            data={COUNTRY_CODES.map((code) => ({ value: code, label: COUNTRY_LABELS[code] }))}
            w={140}
            style={{ flexShrink: 0 }}
            {...input('countryCode')}
          />
          <TextInput
            label="Mobile number"
            type="tel"
            inputMode="tel"
            autoComplete="tel-national"
            placeholder={form.values.countryCode === '+353' ? '85 123 4567' : '7123 456789'}
            required
            style={{ flex: 1, minWidth: 0 }}
            {...input('phone')}
          />
        </Group>
        <TextInput
          label="Date of birth"
          type="date"
          autoComplete="bday"
          min={MIN_BIRTHDATE}
          max={latestBirthdate}
          required
          {...input('dob')}
        />
        <TextInput label="Address line 1" autoComplete="address-line1" required {...input('addressLine1')} />
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
          <TextInput label="Town" autoComplete="address-level2" required {...input('town')} />
          <TextInput
            label="Postcode"
            autoComplete="postal-code"
            autoCapitalize="characters"
            required
            {...input('postcode')}
          />
        </SimpleGrid>
        <ForgotPasswordLink onSelect={onForgotPassword} />
        <ConsentCheckboxes form={form} />
        <Button type="submit" fullWidth size="md" mt="xs">
          Sign Up
        </Button>
      </Stack>
    </form>
  );
}
