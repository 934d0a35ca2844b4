import { PRODUCT_NAME } from '@app/domain';
import {
  Badge,
  Box,
  Button,
  Container,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { IconCalendar, IconCheck, IconMapPin, IconPound, IconScissors } from '@/components/icons';
import { paths } from '@/config/paths';
import classes from './landing-page.module.css';

const STEPS: { icon: ReactNode; title: string; text: string }[] = [
  {
    icon: <IconScissors size={22} />,
    title: 'Choose your provider',
    text: 'Browse independent barbers and hair and beauty providers across Northern Ireland.',
  },
  {
    icon: <IconPound size={22} />,
    title: 'Pick a time, name your price',
    text: 'Choose a free slot and offer a price at or above the provider’s minimum. Some come to you.',
  },
  {
    icon: <IconCheck size={22} />,
    title: 'Get confirmed',
    text: 'Your provider approves, or suggests a counter offer you can accept or decline.',
  },
];

function PreviewCard() {
  return (
    <Paper className={classes.card} p="lg" radius="lg" aria-hidden="true">
      <Group justify="space-between" mb="md">
        <Group gap="sm">
          <ThemeIcon size={40} radius="xl" color="dark.7">
            <IconScissors size={20} />
          </ThemeIcon>
          <div>
            <Text fw={700}>Skin fade &amp; beard trim</Text>
            <Text size="sm" c="dimmed">
              Lisburn Road, Belfast
            </Text>
          </div>
        </Group>
        <Badge color="teal" variant="light">
          Approved
        </Badge>
      </Group>
      <Stack gap={10}>
        <Group gap="xs" c="dark.5">
          <IconCalendar size={18} />
          <Text size="sm">Saturday, 10:00</Text>
        </Group>
        <Group gap="xs" c="dark.5">
          <IconPound size={18} />
          <Text size="sm">Your offer: £22</Text>
        </Group>
        <Group gap="xs" c="dark.5">
          <IconMapPin size={18} />
          <Text size="sm">At the shop</Text>
        </Group>
      </Stack>
    </Paper>
  );
}

export const LANDING_LEAD = `${PRODUCT_NAME} connects you with local barbers and hair and beauty providers. Pick a time that suits you, offer your price, and get a confirmed appointment, at the shop or at home.`;

export function LandingPage() {
  return (
    <>
      <section className={classes.hero} aria-labelledby="landing-title">
        <Container size="lg" className={classes.heroInner}>
          <Stack gap="lg" align="flex-start">
            <span className={classes.eyebrow}>
              <IconMapPin size={16} /> Barbers, hair &amp; beauty across Northern Ireland
            </span>
            <Title order={1} id="landing-title" className={classes.title}>
              Look sharp. <span className={classes.accent}>Book in minutes.</span>
            </Title>
            <Text className={classes.lead}>{LANDING_LEAD}</Text>
            {/* api-contract §9.1: the list is public, for everyone. */}
            <Button component={Link} to={paths.businesses.getHref()} size="lg" color="copper.6" px={32}>
              Request Now
            </Button>
          </Stack>
          <Box visibleFrom="md">
            <PreviewCard />
          </Box>
        </Container>
      </section>

      <Container size="lg" py={{ base: 48, sm: 72 }} component="section" aria-labelledby="how-it-works">
        <Title order={2} id="how-it-works" ta={{ base: 'left', sm: 'center' }} mb={{ base: 'lg', sm: 40 }}>
          How it works
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="lg">
          {STEPS.map((step, index) => (
            <Paper key={step.title} withBorder p="lg" className={classes.step}>
              <Stack gap="sm">
                <Group justify="space-between">
                  <ThemeIcon size={44} radius="md" variant="light">
                    {step.icon}
                  </ThemeIcon>
                  <Text className={classes.stepNumber}>Step {index + 1}</Text>
                </Group>
                <Title order={3} fz="lg">
                  {step.title}
                </Title>
                <Text c="dimmed">{step.text}</Text>
              </Stack>
            </Paper>
          ))}
        </SimpleGrid>

        <Paper mt={{ base: 40, sm: 56 }} p={{ base: 'lg', sm: 'xl' }} bg="brand.0" radius="lg">
          <Stack gap={6}>
            <Title order={2} fz={{ base: 'lg', sm: 'xl' }}>
              Run a barbershop or salon?
            </Title>
            <Text c="dark.5">
              Businesses join {PRODUCT_NAME} by invitation. Set your opening hours and minimum price, choose
              whether you offer home visits, and manage every request from one dashboard.
            </Text>
          </Stack>
        </Paper>
      </Container>
    </>
  );
}
