import {
  COUNTER_PRICE_MAX,
  type InviteWizardValues,
  MINIMUM_PRICE_MAX,
  MINIMUM_PRICE_MIN,
} from '@app/domain';
import { Checkbox, List, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { IconInfo } from '@/components/icons';
import { WholePoundsInput } from '@/components/whole-pounds-input';
import classes from './invite-page.module.css';

/** Step 4 'Pricing & Services' (spec §2): minimum price in whole pounds, home visits, how pricing works. */
export function PricingStep({ form }: { form: UseFormReturnType<InviteWizardValues> }) {
  return (
    <Stack gap="lg">
      <WholePoundsInput
        label="Minimum price"
        description={`The least a customer can offer, in whole pounds (£${MINIMUM_PRICE_MIN} to £${MINIMUM_PRICE_MAX}).`}
        size="md"
        styles={{ wrapper: { maxWidth: 260 } }}
        required
        {...form.getInputProps('minimumPrice')}
      />
      <Checkbox
        label="I offer home visits"
        description="Customers can ask you to come to their address."
        size="md"
        {...form.getInputProps('homeVisitsEnabled', { type: 'checkbox' })}
      />
      <Paper
        className={classes.infoCard}
        p="md"
        radius="md"
        component="section"
        aria-labelledby="pricing-info"
      >
        <Stack gap="xs">
          <div className={classes.infoTitle}>
            <ThemeIcon size={28} radius="xl" variant="light" aria-hidden="true">
              <IconInfo size={16} />
            </ThemeIcon>
            <Title order={3} fz="md" id="pricing-info">
              How pricing works
            </Title>
          </div>
          <List size="sm" spacing={6} className={classes.infoList}>
            <List.Item>
              Customers request an appointment and offer a price of at least your minimum.
            </List.Item>
            <List.Item>
              You approve the request, send a counter offer of up to £{COUNTER_PRICE_MAX}, or deny it.
            </List.Item>
            <List.Item>A counter offer is confirmed once the customer accepts it.</List.Item>
          </List>
          <Text size="xs" c="dimmed">
            You can change your minimum price and home visits at any time from your dashboard.
          </Text>
        </Stack>
      </Paper>
    </Stack>
  );
}
