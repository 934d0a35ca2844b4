import { Center, Loader, Stack, Text } from '@mantine/core';

/** A centred spinner with a visible, announced label (the route guard's 'Loading...'). */
export function FullPageLoader({ label = 'Loading...' }: { label?: string }) {
  return (
    <Center mih="50vh" role="status" aria-live="polite">
      <Stack align="center" gap="sm">
        <Loader aria-hidden="true" />
        <Text c="dimmed">{label}</Text>
      </Stack>
    </Center>
  );
}
