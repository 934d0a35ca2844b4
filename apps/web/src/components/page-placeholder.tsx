import { Button, Container, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { IconCalendar } from './icons';

/** An honest stand-in for a screen that a later release builds. */
export function PagePlaceholder({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Container size="sm" py={{ base: 40, sm: 72 }}>
      <Paper withBorder p={{ base: 'lg', sm: 'xl' }} shadow="xs">
        <Stack align="flex-start" gap="md">
          <ThemeIcon size={44} radius="md" variant="light" aria-hidden="true">
            <IconCalendar size={24} />
          </ThemeIcon>
          <Title order={1} fz={{ base: 26, sm: 32 }}>
            {title}
          </Title>
          <Text c="dimmed" size="lg">
            {children}
          </Text>
          <Button component={Link} to={paths.home.getHref()} variant="light">
            Back to home
          </Button>
        </Stack>
      </Paper>
    </Container>
  );
}
