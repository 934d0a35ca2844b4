import { MESSAGES } from '@app/domain';
import { Button, Container, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { useNavigate } from 'react-router';
import { IconAlert } from '@/components/icons';
import { paths } from '@/config/paths';

/** Spec §2: an expired, used or unknown invitation (or a failed check). */
export function InvalidInvite({ message }: { message: string }) {
  const navigate = useNavigate();
  return (
    <Container size={520} py={{ base: 40, sm: 72 }}>
      <Paper withBorder shadow="xs" p={{ base: 'lg', sm: 'xl' }}>
        <Stack align="center" ta="center" gap="md">
          <ThemeIcon size={56} radius="xl" color="red" variant="light" aria-hidden="true">
            <IconAlert size={28} />
          </ThemeIcon>
          <Title order={1} fz={{ base: 26, sm: 30 }}>
            {MESSAGES.invalidInvitation}
          </Title>
          <Text c="dimmed" size="lg" maw={420}>
            {message}
          </Text>
          <Button size="md" mt="xs" onClick={() => navigate(paths.home.getHref())}>
            Go Home
          </Button>
        </Stack>
      </Paper>
    </Container>
  );
}
