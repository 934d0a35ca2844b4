import { addressOnOneLine, directionsUrl } from '@app/domain';
import { Anchor, Group, Text, type TextProps, VisuallyHidden } from '@mantine/core';
import { IconMapPin } from './icons';

/**
 * A "Directions" link: a maps search for the address in a new tab (no map tiles, no key), named
 * "Directions to {placeName}" for screen readers.
 */
export function DirectionsLink({
  address,
  placeName,
  size = 'sm',
}: {
  address: string;
  placeName: string;
  size?: TextProps['size'];
}) {
  return (
    <Anchor
      href={directionsUrl(address)}
      target="_blank"
      rel="noopener noreferrer"
      size={size}
      fw={600}
      aria-label={`Directions to ${placeName} (opens in a new tab)`}
    >
      Directions
    </Anchor>
  );
}

interface BusinessAddressProps {
  /** The address customers may see (the full one, or only town and postcode). */
  address: string;
  /** Names the link for screen readers: "Directions to {businessName}". */
  businessName: string;
  size?: TextProps['size'];
}

/**
 * Where the shop is (api-contract §8.5): the address and a "Directions" link, a maps search for it
 * in a new tab (no map tiles, no key). Nothing when the business has no address.
 */
export function BusinessAddress({ address, businessName, size = 'sm' }: BusinessAddressProps) {
  const line = addressOnOneLine(address);
  if (!line) return null;
  return (
    <Group gap={6} wrap="nowrap" align="flex-start">
      <Text component="span" c="dimmed" size={size} lh={1} mt={3} aria-hidden="true">
        <IconMapPin size={14} />
      </Text>
      <Text component="span" size={size} c="dark.5" style={{ overflowWrap: 'anywhere' }}>
        <VisuallyHidden>Address: </VisuallyHidden>
        {line} <DirectionsLink address={address} placeName={businessName} size={size} />
      </Text>
    </Group>
  );
}
