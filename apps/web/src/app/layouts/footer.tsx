import { PRODUCT_NAME } from '@app/domain';
import { Anchor, Container, Group, Text } from '@mantine/core';
import { Link } from 'react-router';
import { paths } from '@/config/paths';

export function Footer() {
  return (
    <footer style={{ borderTop: '1px solid var(--mantine-color-gray-2)', background: 'white' }}>
      <Container size="lg" py="lg">
        <Group justify="space-between" gap="sm">
          <Text size="sm" c="dimmed">
            © {new Date().getFullYear()} {PRODUCT_NAME}. Barbers and hair and beauty providers across Northern
            Ireland.
          </Text>
          <Group gap="lg" component="nav" aria-label="Legal">
            <Anchor component={Link} to={paths.privacyPolicy.getHref()} size="sm" c="dark.5">
              Privacy Policy
            </Anchor>
            <Anchor component={Link} to={paths.termsOfService.getHref()} size="sm" c="dark.5">
              Terms of Service
            </Anchor>
            <Anchor component={Link} to={paths.reviewPolicy.getHref()} size="sm" c="dark.5">
              How Reviews Work
            </Anchor>
          </Group>
        </Group>
      </Container>
    </footer>
  );
}
