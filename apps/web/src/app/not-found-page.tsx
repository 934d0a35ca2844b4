import { Button, Container, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { paths } from '@/config/paths';

export function NotFoundPage() {
  return (
    <Container size="sm" py={{ base: 48, sm: 96 }}>
      <Stack align="center" ta="center" gap="md">
        <Text fw={800} fz={64} c="brand.5" lh={1} aria-hidden="true">
          404
        </Text>
        <Title order={1}>Page not found</Title>
        <Text c="dimmed" size="lg">
          The page you are looking for does not exist or has moved.
        </Text>
        <Button component={Link} to={paths.home.getHref()}>
          Go to the home page
        </Button>
      </Stack>
    </Container>
  );
}
