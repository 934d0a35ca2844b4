import { MOBILE_BREAKPOINT_PX, PRODUCT_NAME } from '@app/domain';
import { Burger, Button, Container } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { lazy, Suspense, useEffect, useState } from 'react';
import { NavLink, Link as RouterLink, useNavigate } from 'react-router';
import { IconScissors } from '@/components/icons';
import { paths } from '@/config/paths';
import { useSession } from '@/lib/auth';
import { whenEngagedOrIdle } from '@/lib/idle';
import { useUnreadMessages } from '@/lib/unread-messages';
import classes from './navigation-bar.module.css';

/** Spec §2: the media query at which the burger menu replaces the inline links (768 px or less). */
export const MOBILE_NAV_QUERY = `(max-width: ${MOBILE_BREAKPOINT_PX}px)`;
export const MOBILE_MENU_ID = 'mobile-navigation';
const loadMobileMenu = () => import('./mobile-menu');
const MobileMenu = lazy(loadMobileMenu);
// The live stream, the polling and the thread drawer: for a signed-in user only, after the page.
const MessagesHost = lazy(() => import('@/features/messages/components/messages-host'));

type NavItem = { label: string; to: string; hasMessages?: boolean } | { label: 'Logout'; action: 'logout' };

function useNavItems(): NavItem[] {
  const { isAuthenticated, userType } = useSession();
  if (!isAuthenticated) {
    return [
      { label: 'Login', to: paths.login.getHref() },
      { label: 'Register', to: paths.register.getHref() },
    ];
  }
  const logout: NavItem = { label: 'Logout', action: 'logout' };
  if (userType === 'User') {
    return [
      { label: 'Request', to: paths.businesses.getHref() },
      // The bookings page of each kind of user carries the unread messages' count.
      { label: 'Profile', to: paths.profile.getHref(), hasMessages: true },
      logout,
    ];
  }
  if (userType === 'Business' || userType === 'Admin') {
    return [{ label: 'Admin', to: paths.admin.getHref(), hasMessages: true }, logout];
  }
  // Type still loading: signing out is the only safe choice to offer.
  return [logout];
}

export function Brand() {
  const [name, region] = PRODUCT_NAME.split(' ');
  return (
    <RouterLink to={paths.home.getHref()} className={classes.brand} aria-label={`${PRODUCT_NAME} home`}>
      <span className={classes.brandMark}>
        <IconScissors size={20} />
      </span>
      <span>
        {name} {region ? <span className={classes.brandRegion}>{region}</span> : null}
      </span>
    </RouterLink>
  );
}

export function NavigationBar() {
  const items = useNavItems();
  const { signOut, isAuthenticated } = useSession();
  const unreadMessages = useUnreadMessages();
  const unread = (isAuthenticated && unreadMessages?.total) || 0;
  const unreadLabel = `unread messages: ${unread}`;
  const navigate = useNavigate();
  // What shows is CSS's choice (navigation-bar.module.css); this only closes and prefetches the menu.
  const isMobile = useMediaQuery(MOBILE_NAV_QUERY);
  const [menuOpened, menu] = useDisclosure(false);
  // The drawer's code loads on the first opening and stays mounted for its closing transition.
  const [menuMounted, setMenuMounted] = useState(false);
  if (menuOpened && !menuMounted) setMenuMounted(true);

  // Growing past the breakpoint with the menu open would leave an invisible overlay behind.
  useEffect(() => {
    if (!isMobile) menu.close();
  }, [isMobile, menu]);

  // On a phone, fetch the drawer when the person first touches the page (or later when idle).
  useEffect(() => {
    if (!isMobile) return;
    return whenEngagedOrIdle(() => void loadMobileMenu().catch(() => {}));
  }, [isMobile]);

  const logout = async () => {
    menu.close();
    await signOut();
    navigate(paths.login.getHref());
  };

  const renderItem = (item: NavItem, className: string | undefined) =>
    'to' in item ? (
      <NavLink
        key={item.label}
        to={item.to}
        className={className}
        onClick={menu.close}
        aria-label={item.hasMessages && unread > 0 ? `${item.label}, ${unreadLabel}` : undefined}
      >
        {item.label}
        {item.hasMessages && unread > 0 ? <span className={classes.unreadCount}>{unread}</span> : null}
      </NavLink>
    ) : (
      <button key={item.label} type="button" className={className} onClick={logout}>
        {item.label}
      </button>
    );

  return (
    <header className={classes.header}>
      <Container size="lg" className={classes.inner}>
        <Brand />
        <span className={classes.burger}>
          <Burger
            opened={menuOpened}
            onClick={menu.toggle}
            aria-label={unread > 0 ? `Menu, ${unreadLabel}` : 'Menu'}
            aria-expanded={menuOpened}
            aria-controls={MOBILE_MENU_ID}
            size="sm"
          />
          {unread > 0 && !menuOpened ? (
            <span className={classes.burgerCount} aria-hidden="true">
              {unread}
            </span>
          ) : null}
        </span>
        {menuMounted ? (
          <Suspense fallback={null}>
            <MobileMenu id={MOBILE_MENU_ID} opened={menuOpened} onClose={menu.close}>
              {items.map((item) => renderItem(item, classes.mobileLink))}
            </MobileMenu>
          </Suspense>
        ) : null}
        <nav aria-label="Main" className={classes.desktopLinks}>
          {items.map((item) =>
            item.label === 'Register' && 'to' in item ? (
              <Button key={item.label} component={RouterLink} to={item.to} size="sm" ml={4}>
                {item.label}
              </Button>
            ) : (
              renderItem(item, classes.link)
            ),
          )}
        </nav>
      </Container>
      {isAuthenticated ? (
        <Suspense fallback={null}>
          <MessagesHost />
        </Suspense>
      ) : null}
    </header>
  );
}
