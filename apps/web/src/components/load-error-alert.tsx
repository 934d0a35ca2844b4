import { Alert, Button, type MantineSpacing, Stack, Text } from '@mantine/core';
import { IconAlert } from '@/components/icons';

/** A failed load: the spec's message (under a title, where given) and a Retry button. */
export function LoadErrorAlert({
  title,
  message,
  onRetry,
  isRetrying,
  p,
}: {
  title?: string;
  message: string;
  onRetry: () => void;
  /** Shows the Retry button as loading while the data is fetched again. */
  isRetrying?: boolean;
  p?: MantineSpacing;
}) {
  return (
    <Alert color="red" variant="light" icon={<IconAlert />} role="alert" title={title} p={p}>
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{message}</Text>
        <Button size="xs" variant="white" color="red" onClick={onRetry} loading={isRetrying}>
          Retry
        </Button>
      </Stack>
    </Alert>
  );
}
