import { MESSAGES } from '@app/domain';
import { Container, Grid, Paper, Skeleton, Stack, Tabs, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Suspense, useEffect } from 'react';
import { LoadErrorAlert } from '@/components/load-error-alert';
import { userDetailsQueryOptions } from '@/lib/auth';
import { whenEngagedOrIdle } from '@/lib/idle';
import { preloadable } from '@/lib/preloadable';
import { tabInAddress, useTabParam } from '@/lib/use-tab-param';
import { PROFILE_WORDS } from '../profile-words';
import { BookingsPanel } from './bookings-panel';
import { ProfileCard } from './profile-card';
import { WaitlistCard } from './waitlist-card';

// The Settings tab (its switches, the account deletion dialog) loads when the person engages with the
// page or it is idle, or when the tab is opened first: the page opens on Profile & Bookings.
const SettingsPanel = preloadable(() => import('./settings-panel').then((module) => module.SettingsPanel));

function SettingsSkeleton() {
  return (
    <Stack gap="md" aria-busy="true" aria-label="Loading your settings">
      <Skeleton height={28} width="40%" />
      <Skeleton height={120} />
      <Skeleton height={120} />
    </Stack>
  );
}

function ProfileSection() {
  const profileQuery = useQuery(userDetailsQueryOptions());
  const profile = profileQuery.data;

  if (profile) {
    return (
      <ProfileCard
        profile={profile}
        onReload={() => profileQuery.refetch()}
        isReloading={profileQuery.isFetching}
      />
    );
  }
  if (profileQuery.isError) {
    return (
      <LoadErrorAlert
        message={MESSAGES.failedToLoadProfile}
        onRetry={() => profileQuery.refetch()}
        isRetrying={profileQuery.isFetching}
      />
    );
  }
  return (
    <Paper withBorder p="lg" aria-busy="true" aria-label="Loading your profile">
      <Stack gap="md">
        <Skeleton height={64} circle />
        <Skeleton height={20} width="60%" />
        <Skeleton height={120} />
      </Stack>
    </Paper>
  );
}

const SECTIONS = ['profile', 'settings'] as const;
/** The address's parameter that names the open section, and the section /profile opens on. */
const SECTION_PARAM = 'section';
export const OPENING_SECTION: (typeof SECTIONS)[number] = 'profile';

/** The section an address of /profile opens (the route's loader reads that section's data). */
export const sectionInAddress = (params: URLSearchParams) =>
  tabInAddress(params, SECTION_PARAM, SECTIONS, OPENING_SECTION);

/**
 * /profile (spec §2 'Customer profile'): 'Profile & Bookings' and 'Settings'. The open section lives
 * in the address (`?section=settings`; `?tab=` is the bookings' status tab), so a reload keeps it.
 */
export function ProfilePage() {
  const [section, openSection] = useTabParam(SECTION_PARAM, SECTIONS, OPENING_SECTION);
  useEffect(() => whenEngagedOrIdle(() => void SettingsPanel.preload().catch(() => {})), []);
  return (
    <Container size="lg" py={{ base: 'lg', sm: 40 }} px={{ base: 'sm', sm: 'md' }}>
      <Title order={1} fz={{ base: 26, sm: 32 }} mb="lg">
        My Profile
      </Title>
      <Tabs value={section} onChange={openSection} keepMounted={false}>
        <Tabs.List mb="lg" aria-label="Profile sections">
          <Tabs.Tab value="profile">{PROFILE_WORDS.tabs.profile}</Tabs.Tab>
          <Tabs.Tab value="settings">{PROFILE_WORDS.tabs.settings}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="profile">
          <Grid gap={{ base: 'md', lg: 'xl' }}>
            <Grid.Col span={{ base: 12, md: 5, lg: 4 }}>
              <Stack gap="md">
                <ProfileSection />
                <WaitlistCard />
              </Stack>
            </Grid.Col>
            <Grid.Col span={{ base: 12, md: 7, lg: 8 }}>
              <BookingsPanel />
            </Grid.Col>
          </Grid>
        </Tabs.Panel>
        <Tabs.Panel value="settings">
          <Container size="sm" px={0} ml={0}>
            <Suspense fallback={<SettingsSkeleton />}>
              <SettingsPanel />
            </Suspense>
          </Container>
        </Tabs.Panel>
      </Tabs>
    </Container>
  );
}
