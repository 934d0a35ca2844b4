import { Loader, LoadingOverlay, Stack, Text } from '@mantine/core';

/** Covers the auth card while a call runs, naming what is happening ('Signing In...', ...). */
export function AuthLoadingOverlay({ text }: { text: string | null }) {
  return (
    <LoadingOverlay
      visible={text !== null}
      zIndex={10}
      overlayProps={{ backgroundOpacity: 0.85, color: '#fff', blur: 1, radius: 'lg' }}
      loaderProps={{
        children: (
          <Stack align="center" gap="sm" role="status" aria-live="assertive">
            <Loader aria-hidden="true" />
            <Text fw={600}>{text}</Text>
          </Stack>
        ),
      }}
    />
  );
}
