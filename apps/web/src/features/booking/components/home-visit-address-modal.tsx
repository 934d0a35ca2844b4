import {
  ADDRESS_FIELD_LABELS,
  addressLine1Error,
  addressLine2Error,
  cityError,
  formatPostcodeDistricts,
  homeVisitAddressError,
  homeVisitAreaError,
  joinAddress,
  MAX_ADDRESS_PART_LENGTH,
  MAX_POSTCODE_LENGTH,
  MESSAGES,
  niPostcodeError,
} from '@app/domain';
import {
  Alert,
  Anchor,
  Button,
  Group,
  Loader,
  Radio,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { DeferredModal } from '@/components/deferred-modal';
import { IconAlert } from '@/components/icons';
import { paths } from '@/config/paths';
import { userDetailsQueryOptions } from '@/lib/auth';
import classes from './booking-wizard.module.css';

interface HomeVisitAddressModalProps {
  opened: boolean;
  /** The business, as its page names it, and the postcode districts it travels to ([] anywhere). */
  businessName: string;
  districts: readonly string[];
  /** Confirms the home visit at this address. */
  onConfirm: (address: string) => void;
  /** Closed without confirming (Cancel, the close button, Escape or a click outside). */
  onDismiss: () => void;
}

type Choice = 'profile' | 'other';
const EMPTY = { line1: '', line2: '', city: '', postcode: '' };
type Fields = typeof EMPTY;

/** Each field's problem by the profile's address rules (spec §5), or null. */
const fieldErrors = (fields: Fields) => ({
  line1: addressLine1Error(fields.line1),
  line2: addressLine2Error(fields.line2),
  city: cityError(fields.city),
  postcode: niPostcodeError(fields.postcode),
});

/**
 * Where a home visit goes (issue 29, item 19): the customer's profile address (GET /user/userdetails)
 * or another address for this visit, by the profile's address rules; either must be in a postcode
 * district the business travels to, which the dialog names. Without a profile address, another one
 * can still be given (and the profile offers to add one).
 */
export function HomeVisitAddressModal({
  opened,
  businessName,
  districts,
  onConfirm,
  onDismiss,
}: HomeVisitAddressModalProps) {
  const userDetails = useQuery({ ...userDetailsQueryOptions(), enabled: opened });
  const profileAddress = userDetails.data?.Address?.trim() || null;
  // The profile's address may break the rules (sign-up takes any UK postcode) or lie elsewhere.
  const profileProblem = profileAddress
    ? homeVisitAddressError(profileAddress, districts, businessName)
    : null;
  const [picked, setPicked] = useState<Choice | null>(null);
  const choice: Choice = picked ?? (profileAddress && !profileProblem ? 'profile' : 'other');
  const [fields, setFields] = useState<Fields>(EMPTY);
  const [touched, setTouched] = useState<Partial<Record<keyof Fields, boolean>>>({});
  const [isSubmitted, setIsSubmitted] = useState(false);
  // Each time it opens, it starts afresh.
  useEffect(() => {
    if (!opened) return;
    setPicked(null);
    setFields(EMPTY);
    setTouched({});
    setIsSubmitted(false);
  }, [opened]);

  const errors = fieldErrors(fields);
  const fieldsValid = !Object.values(errors).some(Boolean);
  // Where the business travels: said for the profile's address, and for another once it is complete.
  const areaError =
    choice === 'profile'
      ? profileProblem
      : fieldsValid
        ? homeVisitAreaError(joinAddress(fields), districts, businessName)
        : null;
  const shownError = (field: keyof Fields) => (touched[field] || isSubmitted ? errors[field] : null);

  const confirm = () => {
    setIsSubmitted(true);
    const address = choice === 'profile' ? profileAddress : joinAddress(fields);
    if ((choice === 'other' && !fieldsValid) || !address || areaError) return;
    onConfirm(address);
  };
  const field = (name: keyof Fields) => ({
    value: fields[name],
    onChange: (event: React.ChangeEvent<HTMLInputElement>) =>
      setFields({ ...fields, [name]: event.currentTarget.value }),
    onBlur: () => setTouched({ ...touched, [name]: true }),
    error: shownError(name),
  });

  return (
    <DeferredModal
      opened={opened}
      onClose={onDismiss}
      title="Home visit address"
      centered
      classNames={{ title: classes.modalTitle }}
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <Stack gap="md">
        {districts.length > 0 ? (
          <Text size="sm">
            {businessName} travels to {formatPostcodeDistricts(districts)}.
          </Text>
        ) : null}
        {userDetails.isPending ? (
          <Group gap="sm" role="status">
            <Loader size="sm" aria-hidden="true" />
            <Text size="sm">Loading your address...</Text>
          </Group>
        ) : userDetails.isError ? (
          <Alert color="red" variant="light" icon={<IconAlert />} title={MESSAGES.failedToLoadAddress}>
            <Button
              variant="white"
              color="red"
              size="sm"
              onClick={() => userDetails.refetch()}
              loading={userDetails.isRefetching}
            >
              Retry
            </Button>
          </Alert>
        ) : (
          <>
            {profileAddress ? (
              <Radio.Group
                value={choice}
                onChange={(value) => setPicked(value as Choice)}
                label="Where should your barber come?"
              >
                <Stack gap="sm" mt="xs">
                  <Radio
                    value="profile"
                    label="The address in my profile"
                    description={
                      <>
                        <span data-testid="home-visit-address">{profileAddress}</span>
                        {profileProblem ? (
                          <Text component="span" display="block" size="xs" c="orange.9" mt={2}>
                            {profileProblem}
                          </Text>
                        ) : null}
                      </>
                    }
                  />
                  <Radio value="other" label="Another address for this visit" />
                </Stack>
              </Radio.Group>
            ) : null}
            {profileAddress ? null : (
              <Alert
                color="orange"
                variant="light"
                icon={<IconAlert />}
                title={MESSAGES.addressRequiredTitle}
              >
                <Stack gap="xs" align="flex-start">
                  <Text size="sm">{MESSAGES.homeVisitAddressRequired}</Text>
                  <Text size="sm">
                    Give an address for this visit below, or{' '}
                    <Anchor component={Link} to={paths.profile.getHref()} fw={600}>
                      Add an address in your profile
                    </Anchor>
                    .
                  </Text>
                </Stack>
              </Alert>
            )}
            {choice === 'other' ? (
              <Stack gap="xs">
                <TextInput
                  label={ADDRESS_FIELD_LABELS.line1}
                  autoComplete="address-line1"
                  maxLength={MAX_ADDRESS_PART_LENGTH}
                  required
                  data-autofocus
                  {...field('line1')}
                />
                <TextInput
                  label={`${ADDRESS_FIELD_LABELS.line2} (optional)`}
                  autoComplete="address-line2"
                  maxLength={MAX_ADDRESS_PART_LENGTH}
                  {...field('line2')}
                />
                <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs">
                  <TextInput
                    label={ADDRESS_FIELD_LABELS.city}
                    autoComplete="address-level2"
                    maxLength={MAX_ADDRESS_PART_LENGTH}
                    required
                    {...field('city')}
                  />
                  <TextInput
                    label="Postcode"
                    autoComplete="postal-code"
                    maxLength={MAX_POSTCODE_LENGTH}
                    required
                    {...field('postcode')}
                  />
                </SimpleGrid>
              </Stack>
            ) : null}
            {areaError ? (
              <Alert color="orange" variant="light" icon={<IconAlert />} role="alert">
                {areaError}
              </Alert>
            ) : null}
          </>
        )}
        <div className={classes.modalActions}>
          <Button variant="default" onClick={onDismiss}>
            Cancel
          </Button>
          <Button disabled={userDetails.isPending || userDetails.isError} onClick={confirm}>
            Confirm Address
          </Button>
        </div>
      </Stack>
    </DeferredModal>
  );
}
