import { MESSAGES } from '@app/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SESSION_STORAGE_KEY } from '@/lib/session';
import { bookingCreated, singleServiceCatalog } from '@/testing/bookings';
import { jsonResponse, stubFetch } from '@/testing/fetch-stub';
import { renderApp } from '@/testing/render-app';
import { makeAccessToken, userDetails } from '@/testing/tokens';
import type { getAvailableTimes } from '../api/get-available-times';

// Tuesday 1 December 2026, 09:00 in Belfast.
const NOW = new Date('2026-12-01T09:00:00Z');
const SLOT_GONE = 'That time is no longer available. Please choose another.';
const SLOTS = ['2026-12-05 10:00', '2026-12-05 11:00', '2026-12-07 09:00'];

type User = ReturnType<typeof renderApp>['user'];

const availableTimes = (
  homeVisitsEnabled = false,
  homeVisitDistricts: string[] = [],
): Awaited<ReturnType<typeof getAvailableTimes>> => ({
  business: {
    id: 'biz-1',
    FirstName: 'Ciaran',
    LastName: 'Kelly',
    BusinessName: "Kelly's Cuts",
    BusinessDescription: '',
    BusinessAddress: '2 High Street, Belfast, BT1 2AB',
    BusinessTown: 'Belfast',
    minimumPrice: 50,
    services: ['Appointment'],
    homeVisitsEnabled,
    homeVisitDistricts,
    cancellationNoticeHours: 0,
    nextAvailable: null,
    rating: { average: null, count: 0 },
    onlinePayment: null,
    availability: { Saturday: [{ start: '10:00', end: '12:00' }] },
    awayDates: [],
  },
  availability: { Saturday: [{ start: '10:00', end: '12:00' }] },
  awayDates: [],
  slots: SLOTS,
  ...singleServiceCatalog(50),
});

function stubApi(userType: 'User' | 'Business' | 'Admin' = 'User') {
  return stubFetch()
    .on('GET', '/api/user/userdetails', jsonResponse(200, userDetails(userType)))
    .on('GET', '/api/booking/available-times', jsonResponse(200, availableTimes()));
}

/** Opens the wizard (as a page load: a reload renders it again with the same sessionStorage). */
function openWizard(route = '/booking/biz-1', userType: 'User' | 'Business' | 'Admin' = 'User') {
  const api = stubApi(userType);
  return { api, ...renderApp({ route, session: { accessToken: makeAccessToken({ userType }) } }) };
}

const stepHeading = (name: string) => screen.findByRole('heading', { level: 2, name });
const review = () => screen.getByRole('region', { name: 'Your request' });

async function reachReview(user: User) {
  await user.click(await screen.findByRole('button', { name: '11:00' }));
  await stepHeading('Price');
  await user.click(screen.getByRole('radio', { name: '£55' }));
  await user.click(screen.getByRole('button', { name: 'Continue' }));
  await stepHeading('Review');
}

/** A reload or a closed tab: true when the page asked the browser to warn first. */
function unloadIsPrevented() {
  const event = new Event('beforeunload', { cancelable: true });
  window.dispatchEvent(event);
  return event.defaultPrevented;
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
});

afterEach(() => {
  vi.useRealTimers();
});

describe('booking wizard: a visitor (api-contract §9.1)', () => {
  it('chooses a time and a price, is sent to sign in on Send, and carries on with the same choices once signed in', async () => {
    stubApi();
    const visitor = renderApp({ route: '/booking/biz-1' });
    await reachReview(visitor.user);

    await visitor.user.click(screen.getByRole('button', { name: 'Send Request' }));
    expect(await screen.findByText(MESSAGES.authenticationRequired)).toBeInTheDocument();
    await waitFor(() => expect(visitor.router.state.location.pathname).toBe('/login'));
    expect(new URLSearchParams(visitor.router.state.location.search).get('next')).toBe(
      '/booking/biz-1?step=review',
    );
    visitor.unmount();

    // Signed in on this tab: the page that asked opens on Review with the visitor's choices.
    openWizard('/booking/biz-1?step=review');
    expect(await stepHeading('Review')).toBeInTheDocument();
    expect(review()).toHaveTextContent('11:00');
    expect(review()).toHaveTextContent('£55');
  });

  it("keeps a signed-in person's own draft over a visitor's", async () => {
    const own = openWizard();
    await reachReview(own.user);
    own.unmount();
    sessionStorage.removeItem(SESSION_STORAGE_KEY);

    stubApi();
    const visitor = renderApp({ route: '/booking/biz-1' });
    await visitor.user.click(await screen.findByRole('button', { name: '10:00' }));
    await stepHeading('Price');
    visitor.unmount();

    openWizard('/booking/biz-1?step=review');
    expect(await stepHeading('Review')).toBeInTheDocument();
    expect(review()).toHaveTextContent('11:00');
  });
});

describe('booking wizard: progress survives a reload', () => {
  it('comes back on the same step with the same choices after a reload', async () => {
    const first = openWizard();
    await reachReview(first.user);
    expect(review()).toHaveTextContent('11:00');
    expect(review()).toHaveTextContent('£55');
    const url = `${first.router.state.location.pathname}${first.router.state.location.search}`;
    expect(url).toBe('/booking/biz-1?step=review');
    first.unmount();

    openWizard(url);
    expect(await stepHeading('Review')).toBeInTheDocument();
    expect(screen.getByText('Step 3 of 3')).toBeInTheDocument();
    expect(review()).toHaveTextContent('11:00');
    expect(review()).toHaveTextContent('£55');
  });

  it('resumes at the saved step when the page is opened again without one, Back still stepping back', async () => {
    const first = openWizard();
    await reachReview(first.user);
    first.unmount();

    const second = openWizard('/booking/biz-1');
    expect(await stepHeading('Review')).toBeInTheDocument();
    await waitFor(() => expect(second.router.state.location.search).toBe('?step=review'));
    await second.router.back();
    expect(await stepHeading('Price')).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: '£55' })).toBeChecked();
  });

  it('shows the furthest step the saved choices allow when the URL names a later one', async () => {
    const { router } = openWizard('/booking/biz-1?step=review');
    expect(await stepHeading('Date & Time')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.search).toBe('?step=dateTime'));
  });

  it('keeps one draft per business', async () => {
    const first = openWizard();
    await reachReview(first.user);
    first.unmount();

    stubApi().on('GET', '/api/booking/available-times', jsonResponse(200, availableTimes()));
    renderApp({ route: '/booking/biz-2', session: { accessToken: makeAccessToken() } });
    expect(await stepHeading('Date & Time')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Continue' })).toBeDisabled();
  });

  it('ends the draft once the request is sent', async () => {
    const { api, user, unmount } = openWizard();
    await reachReview(user);
    expect(Object.keys(sessionStorage).some((key) => key.includes('biz-1'))).toBe(true);
    api.on('POST', '/api/booking/book', jsonResponse(201, bookingCreated({ id: 'b-1' }, 'ok')));
    await user.click(screen.getByRole('button', { name: 'Send Request' }));
    await screen.findByRole('dialog', { name: 'Request sent' });
    expect(Object.keys(sessionStorage).some((key) => key.includes('biz-1'))).toBe(false);
    expect(unloadIsPrevented()).toBe(false);
    unmount();

    openWizard('/booking/biz-1');
    expect(await stepHeading('Date & Time')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Continue' })).toBeDisabled();
  });
});

describe('booking wizard: a saved time no longer offered', () => {
  it('is not restored after a reload once taken or past: Date & Time again, with a notice and the other choices', async () => {
    const first = openWizard();
    await reachReview(first.user);
    first.unmount();

    // 11:00 has since been taken (or has passed): the server no longer offers it.
    stubFetch()
      .on('GET', '/api/user/userdetails', jsonResponse(200, userDetails('User')))
      .on(
        'GET',
        '/api/booking/available-times',
        jsonResponse(200, {
          ...availableTimes(),
          slots: SLOTS.filter((slot) => slot !== '2026-12-05 11:00'),
        }),
      );
    const { user, router } = renderApp({
      route: '/booking/biz-1?step=review',
      session: { accessToken: makeAccessToken() },
    });
    expect(await stepHeading('Date & Time')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.search).toBe('?step=dateTime'));
    expect(screen.getByText(SLOT_GONE)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Continue' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: '11:00', pressed: true })).toBeNull();

    await user.click(screen.getByRole('button', { name: '10:00' }));
    await stepHeading('Price');
    expect(screen.queryByText(SLOT_GONE)).toBeNull();
    expect(screen.getByRole('radio', { name: '£55' })).toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await stepHeading('Review');
    expect(review()).toHaveTextContent('10:00');
    expect(review()).toHaveTextContent('£55');
  });

  it('restores a saved time that is still offered, with no notice', async () => {
    const first = openWizard();
    await reachReview(first.user);
    first.unmount();

    openWizard('/booking/biz-1?step=review');
    expect(await stepHeading('Review')).toBeInTheDocument();
    expect(screen.queryByText(SLOT_GONE)).toBeNull();
  });
});

describe('booking wizard: signing out', () => {
  it('ends the draft, so the next person on this tab never sees it', async () => {
    const { api, user } = openWizard();
    await reachReview(user);
    expect(Object.keys(sessionStorage).some((key) => key.includes('biz-1'))).toBe(true);
    api.on('POST', '/api/auth/logout', jsonResponse(204));
    await user.click(screen.getByRole('button', { name: 'Logout' }));
    await screen.findByRole('heading', { level: 1, name: 'Sign In' });
    expect(Object.keys(sessionStorage).some((key) => key.includes('biz-1'))).toBe(false);
  });
});

describe('booking wizard: the browser Back button', () => {
  it('steps back from Review to Price, and from Price to Date & Time, without leaving', async () => {
    const { user, router } = openWizard();
    await reachReview(user);

    await router.back();
    const price = await stepHeading('Price');
    expect(router.state.location.pathname).toBe('/booking/biz-1');
    expect(screen.getByRole('radio', { name: '£55' })).toBeChecked();
    await waitFor(() => expect(price).toHaveFocus());

    await router.back();
    expect(await stepHeading('Date & Time')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/booking/biz-1');
  });

  it('after a sent request, Back from the next page returns to the wizard once, then leaves it', async () => {
    const { user, router, api } = openWizard('/businesses');
    await router.navigate('/booking/biz-1');
    await reachReview(user);
    api.on('POST', '/api/booking/book', jsonResponse(201, bookingCreated({ id: 'booking-9' })));
    await user.click(screen.getByRole('button', { name: 'Send Request' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Request sent' }));
    await user.click(dialog.getByRole('button', { name: 'Go to Appointments' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/profile'));

    // Back on the Review entry, whose choices were sent: the wizard goes back through its own
    // entries to the page's first (the address it was opened at), and the next Back leaves it.
    await router.back();
    expect(await stepHeading('Date & Time')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(router.state.location.pathname).toBe('/booking/biz-1');
    await router.back();
    await waitFor(() => expect(router.state.location.pathname).toBe('/businesses'));
  });

  it("the wizard's own Back steps back through history too: the browser's Back then goes one further", async () => {
    const { user, router } = openWizard();
    await reachReview(user);
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(await stepHeading('Price')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?step=price');
    await router.back();
    expect(await stepHeading('Date & Time')).toBeInTheDocument();
  });
});

describe('booking wizard: leaving with unsent choices', () => {
  it('never has the browser ask "Leave site?": a reload keeps every choice', async () => {
    const { user } = openWizard();
    await stepHeading('Date & Time');
    expect(unloadIsPrevented()).toBe(false);
    await user.click(await screen.findByRole('button', { name: '11:00' }));
    await stepHeading('Price');
    expect(unloadIsPrevented()).toBe(false);
    await user.click(screen.getByRole('radio', { name: '£55' }));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await stepHeading('Review');
    expect(unloadIsPrevented()).toBe(false);
  });
});

describe('booking page: only customers book', () => {
  it.each(['Business', 'Admin'] as const)(
    'tells a %s at once, before step 1, with a way back',
    async (userType) => {
      const { user, router } = openWizard('/booking/biz-1', userType);
      expect(await screen.findByText('Your account type may not do this.')).toBeInTheDocument();
      expect(screen.queryByRole('heading', { level: 2, name: 'Date & Time' })).toBeNull();
      expect(screen.queryByRole('button', { name: 'Continue' })).toBeNull();
      expect(screen.getByRole('heading', { level: 1, name: 'Request an appointment' })).toBeInTheDocument();

      await user.click(screen.getByRole('link', { name: 'Go to Dashboard' }));
      await waitFor(() => expect(router.state.location.pathname).toBe('/admin'));
    },
  );

  it('tells a Business before its profile has even loaded (the sign-in says the type)', async () => {
    stubFetch()
      .on('GET', '/api/user/userdetails', () => new Promise<Response>(() => {}))
      .on('GET', '/api/booking/available-times', jsonResponse(200, availableTimes()));
    renderApp({
      route: '/booking/biz-1',
      session: { accessToken: makeAccessToken({ userType: 'Business' }) },
    });
    expect(await screen.findByText('Your account type may not do this.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Continue' })).toBeNull();
  });

  it('shows a customer the wizard', async () => {
    openWizard();
    expect(await stepHeading('Date & Time')).toBeInTheDocument();
    expect(screen.queryByText('Your account type may not do this.')).toBeNull();
  });
});

describe('booking wizard: a saved home visit address (issue 29, item 19)', () => {
  it('is not restored once the business no longer travels there: the wizard asks on Location, saying why', async () => {
    const token = { accessToken: makeAccessToken({ userType: 'User' }) };
    stubFetch()
      .on('GET', '/api/user/userdetails', jsonResponse(200, userDetails('User')))
      .on('GET', '/api/booking/available-times', jsonResponse(200, availableTimes(true)));
    const first = renderApp({ route: '/booking/biz-1', session: token });
    await first.user.click(await screen.findByRole('button', { name: '11:00' }));
    await stepHeading('Price');
    await first.user.click(screen.getByRole('radio', { name: '£55' }));
    await first.user.click(screen.getByRole('button', { name: 'Continue' }));
    await stepHeading('Location');
    await first.user.click(screen.getByRole('radio', { name: 'Home visit' }));
    await first.user.click(await screen.findByRole('button', { name: 'Confirm Address' }));
    await first.user.click(screen.getByRole('button', { name: 'Continue' }));
    await stepHeading('Review');
    first.unmount();

    // Meanwhile the business named its districts: BT20 only (the profile's address is in BT1).
    stubFetch()
      .on('GET', '/api/user/userdetails', jsonResponse(200, userDetails('User')))
      .on('GET', '/api/booking/available-times', jsonResponse(200, availableTimes(true, ['BT20'])));
    renderApp({ route: '/booking/biz-1?step=review', session: token });
    expect(await stepHeading('Location')).toBeInTheDocument();
    expect(
      screen.getByText(
        "Kelly's Cuts travels to BT20 only: this address is in BT1. Choose an address there, or visit the shop.",
      ),
    ).toBeInTheDocument();
  });
});
