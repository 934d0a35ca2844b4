import { MESSAGES } from '@app/domain';
import { Alert, Button, Center, Stack, Text } from '@mantine/core';
import { useIsFetching, useQueryClient } from '@tanstack/react-query';
import { userDetailsQueryOptions } from '@/lib/auth';

/**
 * The user lookup failed (network or server error): say so and offer to try again, rather than
 * sending the person elsewhere. A 401 never lands here: the API client refreshes the session, or
 * ends it (and the guard then sends the person to /login).
 */
export default function UserLookupError() {
  const queryClient = useQueryClient();
  const { queryKey } = userDetailsQueryOptions();
  const isFetching = useIsFetching({ queryKey }) > 0;
  return (
    <Center mih="50vh" px="md">
      <Alert color="red" variant="light" title={MESSAGES.failedToLoadData} maw={480} w="100%">
        <Stack gap="sm" align="flex-start">
          <Text size="sm">Check your connection and try again.</Text>
          <Button
            variant="white"
            color="red"
            loading={isFetching}
            onClick={() => void queryClient.refetchQueries({ queryKey })}
          >
            Try again
          </Button>
        </Stack>
      </Alert>
    </Center>
  );
}
