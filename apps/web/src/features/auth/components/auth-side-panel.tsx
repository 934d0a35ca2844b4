import { PRODUCT_NAME } from '@app/domain';
import { List, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCheck } from '@/components/icons';
import classes from './auth-screen.module.css';

const BENEFITS = [
  'Local barbers and hair and beauty providers across Northern Ireland',
  'Offer your own price, from each provider’s minimum',
  'Home visits from providers who offer them',
];

/** The welcome panel beside the auth card on wide screens (decorative, hidden on phones). */
export function AuthSidePanel() {
  return (
    <aside className={classes.panel} aria-label={`About ${PRODUCT_NAME}`}>
      <Stack gap="lg">
        <Title order={2} className={classes.panelTitle}>
          Your chair is waiting. <span className={classes.panelAccent}>Book it your way.</span>
        </Title>
        <Text c="rgba(255,255,255,0.8)">
          {PRODUCT_NAME} connects customers with hair and beauty providers, from a quick fade to a full
          restyle.
        </Text>
        <List
          spacing="sm"
          icon={
            <ThemeIcon size={22} radius="xl" color="copper.6">
              <IconCheck size={14} />
            </ThemeIcon>
          }
        >
          {BENEFITS.map((benefit) => (
            <List.Item key={benefit}>
              <Text c="white">{benefit}</Text>
            </List.Item>
          ))}
        </List>
      </Stack>
    </aside>
  );
}
