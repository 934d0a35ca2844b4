import { Container, Group, Tabs, Text, Title } from '@mantine/core';
import { type ComponentType, type ReactNode, Suspense, useEffect, useState } from 'react';
import { FullPageLoader } from '@/components/full-page-loader';
import { useSession } from '@/lib/auth';
import { whenEngagedOrIdle } from '@/lib/idle';
import { preloadable } from '@/lib/preloadable';
import { tabInAddress, useTabParam } from '@/lib/use-tab-param';
import classes from './dashboard.module.css';
import { ManageRequestsPanel, preloadBookingCalendar } from './manage-requests-panel';

// The dashboard opens on Manage Requests; the other tabs' code (their forms, the form rules, the
// date picker) is fetched once the page is on screen and idle, or when the person first engages.
const loadOtherTabs = () => import('./dashboard-other-tabs');
const BusinessProfileCard = preloadable(() => loadOtherTabs().then((m) => m.BusinessProfileCard));
const SetHoursPanel = preloadable(() => loadOtherTabs().then((m) => m.SetHoursPanel));
const ConfigurationPanel = preloadable(() => loadOtherTabs().then((m) => m.ConfigurationPanel));
const DiaryPanel = preloadable(() => loadOtherTabs().then((m) => m.DiaryPanel));
const InviteBusinessPanel = preloadable(() => loadOtherTabs().then((m) => m.InviteBusinessPanel));
const preloadOtherTabs = (addedTabs: readonly AddedDashboardTab[]) =>
  Promise.all([
    BusinessProfileCard.preload(),
    SetHoursPanel.preload(),
    ConfigurationPanel.preload(),
    DiaryPanel.preload(),
    InviteBusinessPanel.preload(),
    preloadBookingCalendar(),
    ...addedTabs.map((tab) => tab.Panel.preload?.()),
  ]);

export type DashboardTab = 'profile' | 'hours' | 'configuration' | 'requests' | 'diary' | 'invite';

/**
 * A tab another feature puts in the dashboard (e.g. reviews), handed in by the app, which alone may
 * combine features (docs/decisions/0009). Its panel should load on demand (lib/preloadable.tsx): it
 * is fetched with the other tabs once the page is idle, never on the first load.
 */
export interface AddedDashboardTab {
  value: string;
  label: string;
  adminOnly?: boolean;
  Panel: ComponentType & { preload?: () => Promise<unknown> };
}

const TABS: readonly { value: DashboardTab; label: string; adminOnly?: boolean }[] = [
  { value: 'profile', label: 'Profile' },
  { value: 'hours', label: 'Set Hours' },
  { value: 'configuration', label: 'Configuration' },
  { value: 'requests', label: 'Manage Requests' },
  // Issue 32 item 6: the week's agreed bookings and blocked time, by barber.
  { value: 'diary', label: 'Diary' },
  { value: 'invite', label: 'Invite Business', adminOnly: true },
];

/** Requests are the daily work, so the dashboard opens there. */
export const OPENING_TAB: DashboardTab = 'requests';
const TAB_PARAM = 'tab';

/** The tabs a person sees: everyone's, the added ones, then the Admin's own (Admin only). */
function visibleTabs(
  addedTabs: readonly AddedDashboardTab[],
  isAdmin: boolean,
): readonly { value: string; label: string; adminOnly?: boolean }[] {
  return [
    ...TABS.filter((tab) => !tab.adminOnly),
    ...addedTabs.filter((tab) => !tab.adminOnly),
    ...TABS.filter((tab) => tab.adminOnly && isAdmin),
    ...addedTabs.filter((tab) => tab.adminOnly && isAdmin),
  ];
}

/** The tab an address of /admin opens for that person (the route's loader reads that tab's data). */
export const tabOfAddress = (
  params: URLSearchParams,
  addedTabs: readonly AddedDashboardTab[],
  isAdmin: boolean,
) =>
  tabInAddress(
    params,
    TAB_PARAM,
    visibleTabs(addedTabs, isAdmin).map((tab) => tab.value),
    OPENING_TAB,
  );

/**
 * /admin (spec §2 'Admin dashboard'): Profile, Set Hours, Configuration, Manage Requests, and
 * Invite Business for an Admin; the added tabs follow each group (everyone's, then the Admin's).
 * The open tab lives in the URL (?tab=hours), so a reload or a shared link keeps it.
 */
export function DashboardPage({ addedTabs = [] }: { addedTabs?: readonly AddedDashboardTab[] }) {
  const { user, userType } = useSession();
  const isAdmin = userType === 'Admin';
  const tabs = visibleTabs(addedTabs, isAdmin);
  const [active, openTab] = useTabParam(
    TAB_PARAM,
    tabs.map((tab) => tab.value),
    OPENING_TAB,
  );
  // A panel is built the first time its tab opens, then kept (unsaved edits survive a tab switch).
  const [visited, setVisited] = useState<ReadonlySet<string>>(() => new Set([active]));
  if (!visited.has(active)) setVisited(new Set([...visited, active]));
  const panel = (value: string, content: ReactNode) => (
    <Tabs.Panel key={value} value={value}>
      {visited.has(value) ? (
        <Suspense fallback={<FullPageLoader label="Loading..." />}>{content}</Suspense>
      ) : null}
    </Tabs.Panel>
  );
  // The app hands in one constant list, so this runs once.
  useEffect(() => whenEngagedOrIdle(() => void preloadOtherTabs(addedTabs).catch(() => {})), [addedTabs]);

  const businessName = typeof user?.BusinessName === 'string' ? user.BusinessName.trim() : '';

  return (
    <Container size="lg" py={{ base: 'lg', sm: 40 }} px={{ base: 'sm', sm: 'md' }}>
      <Group justify="space-between" align="flex-end" gap="xs" mb="lg">
        <div className={classes.minWidth0}>
          <Title order={1} fz={{ base: 26, sm: 32 }}>
            Business Dashboard
          </Title>
          {businessName ? (
            <Text c="dimmed" size="lg" className={classes.breakWord}>
              {businessName}
            </Text>
          ) : null}
        </div>
      </Group>
      <Tabs value={active} onChange={openTab} classNames={{ list: classes.tabsList, tab: classes.tab }}>
        <Tabs.List aria-label="Dashboard sections" mb="lg">
          {tabs.map((tab) => (
            <Tabs.Tab key={tab.value} value={tab.value}>
              {tab.label}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {panel('profile', <BusinessProfileCard />)}
        {panel('hours', <SetHoursPanel />)}
        {panel('configuration', <ConfigurationPanel />)}
        {panel('requests', <ManageRequestsPanel />)}
        {panel('diary', <DiaryPanel />)}
        {isAdmin ? panel('invite', <InviteBusinessPanel />) : null}
        {addedTabs
          .filter((tab) => !tab.adminOnly || isAdmin)
          .map(({ value, Panel }) => panel(value, <Panel />))}
      </Tabs>
    </Container>
  );
}
