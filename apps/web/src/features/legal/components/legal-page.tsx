import { Anchor, Container, List, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { LEGAL_LAST_UPDATED } from '@/config/site';

export function LegalPage({
  title,
  intro,
  children,
}: {
  title: string;
  intro: ReactNode;
  children: ReactNode;
}) {
  return (
    <Container size="md" py={{ base: 32, sm: 56 }}>
      <Paper withBorder p={{ base: 'lg', sm: 40 }} shadow="xs">
        <Stack gap="xs" mb="xl">
          <Title order={1} fz={{ base: 28, sm: 36 }}>
            {title}
          </Title>
          <Text size="sm" c="dimmed">
            Last updated: {LEGAL_LAST_UPDATED}
          </Text>
          <Text fz={{ base: 'md', sm: 'lg' }} mt="sm">
            {intro}
          </Text>
        </Stack>
        <Stack gap="xl">{children}</Stack>
      </Paper>
    </Container>
  );
}

export function LegalSection({ title, children }: { title: string; children: ReactNode }) {
  const id = title.toLowerCase().replace(/[^a-z0-9]+/g, '-');
  return (
    <Stack gap="sm" component="section" aria-labelledby={id}>
      <Title order={2} fz={{ base: 'lg', sm: 'xl' }} id={id}>
        {title}
      </Title>
      {children}
    </Stack>
  );
}

export function LegalList({ items }: { items: ReactNode[] }) {
  return (
    <List spacing={6} withPadding>
      {items.map((item, index) => (
        // Static legal text: the order never changes.
        // biome-ignore lint/suspicious/noArrayIndexKey: static content
        <List.Item key={index}>{item}</List.Item>
      ))}
    </List>
  );
}

export function ExternalLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <Anchor href={href} target="_blank" rel="noopener noreferrer">
      {children}
    </Anchor>
  );
}
