import { Radio, SimpleGrid, Stack, Text, ThemeIcon } from '@mantine/core';
import type { ReactNode } from 'react';
import { IconMapPin, IconScissors } from '@/components/icons';
import classes from './booking-wizard.module.css';

export type BookingLocation = 'shop' | 'home';

interface LocationStepProps {
  businessName: string;
  location: BookingLocation;
  /** The confirmed profile address of a home visit, null until confirmed. */
  homeAddress: string | null;
  onChooseShop: () => void;
  /** Opens the address confirmation; the location becomes 'home' only once it is confirmed. */
  onChooseHome: () => void;
}

function LocationCard({
  value,
  title,
  text,
  icon,
  onSelect,
}: {
  value: BookingLocation;
  title: string;
  text: ReactNode;
  icon: ReactNode;
  onSelect: () => void;
}) {
  return (
    <Radio.Card value={value} className={classes.choiceCard} aria-label={title} onClick={onSelect}>
      <Stack gap={6} align="flex-start">
        <ThemeIcon variant="light" size={40} radius="md" aria-hidden="true">
          {icon}
        </ThemeIcon>
        <Text fw={700} fz="lg">
          {title}
        </Text>
        <Text size="sm" c="dimmed">
          {text}
        </Text>
      </Stack>
    </Radio.Card>
  );
}

/** Step 3 (home-visit businesses only): at the shop, or a home visit at the profile address. */
export function LocationStep({
  businessName,
  location,
  homeAddress,
  onChooseShop,
  onChooseHome,
}: LocationStepProps) {
  return (
    <Radio.Group value={location} label="Where would you like your appointment?">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" mt="xs">
        <LocationCard
          value="shop"
          title="At the shop"
          text={`Visit ${businessName}.`}
          icon={<IconScissors size={22} />}
          onSelect={onChooseShop}
        />
        <LocationCard
          value="home"
          title="Home visit"
          text={
            location === 'home' && homeAddress
              ? `At ${homeAddress}`
              : 'They come to you, at the address in your profile.'
          }
          icon={<IconMapPin size={22} />}
          onSelect={onChooseHome}
        />
      </SimpleGrid>
    </Radio.Group>
  );
}
