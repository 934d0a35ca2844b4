import { DELETE_REDIRECT_MS, MESSAGES } from '@app/domain';
import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { DOWNLOAD_TEXT } from '@/components/download-my-data';
import { queryKeys } from '@/lib/query-keys';
import { getSession } from '@/lib/session';
import { apiErrorResponse, deferred, jsonResponse, stubFetch } from '@/testing/fetch-stub';
import { LOCAL_SETTINGS_KEY } from '../hooks/use-local-settings';
import { makeBooking, notificationSettingsResponse, renderProfile } from '../testing/profile-fixtures';

async function openSettings(options: Parameters<typeof renderProfile>[0] = {}) {
  const rendered = renderProfile(options);
  await rendered.user.click(await screen.findByRole('tab', { name: 'Settings' }));
  // The tab's code loads on demand (profile-page.tsx): wait for it.
  await screen.findByRole('heading', { name: 'Preferences' });
  return rendered;
}

async function reachPhraseStep(user: Awaited<ReturnType<typeof openSettings>>['user']) {
  await user.click(screen.getByRole('button', { name: 'Delete Account' }));
  let dialog = screen.getByRole('dialog', { name: 'Delete Account' });
  expect(dialog).toHaveTextContent('Step 1 of 3');
  await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
  dialog = screen.getByRole('dialog', { name: 'Final Warning' });
  expect(dialog).toHaveTextContent('Step 2 of 3');
  await user.click(within(dialog).getByRole('button', { name: 'I Understand' }));
  dialog = screen.getByRole('dialog', { name: 'Confirm Account Deletion' });
  expect(dialog).toHaveTextContent('Step 3 of 3');
  return dialog;
}

describe('the Settings section in the address (issue 29, item 4)', () => {
  it('puts ?section=settings in the address, so a reload opens Settings again', async () => {
    const { router } = await openSettings();
    await waitFor(() => expect(router.state.location.search).toBe('?section=settings'));
  });

  it('opens on Settings from its address, and back on Profile & Bookings without the parameter', async () => {
    const { user, router } = renderProfile({ route: '/profile?section=settings' });
    expect(await screen.findByRole('heading', { name: 'Preferences' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Settings' })).toHaveAttribute('aria-selected', 'true');
    await user.click(screen.getByRole('tab', { name: 'Profile & Bookings' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    await waitFor(() =>
      expect(screen.getByRole('tab', { name: 'Profile & Bookings' })).toHaveAttribute(
        'aria-selected',
        'true',
      ),
    );
  });

  it('keeps the bookings tab of the address beside it', async () => {
    const { user, router } = renderProfile({ route: '/profile?tab=requested' });
    await user.click(await screen.findByRole('tab', { name: 'Settings' }));
    await waitFor(() =>
      expect(new URLSearchParams(router.state.location.search).get('section')).toBe('settings'),
    );
    expect(new URLSearchParams(router.state.location.search).get('tab')).toBe('requested');
  });
});

describe('settings', () => {
  it('keeps the privacy checkboxes in this browser only and says so', async () => {
    const { user, api } = await openSettings();
    expect(screen.getByText(/saved in this browser only\. They are not sent anywhere/)).toBeInTheDocument();

    const usage = screen.getByRole('checkbox', {
      name: 'Share anonymous usage data to help improve the service',
    });
    expect(usage).not.toBeChecked();
    // Issue 29, item 16: no choice that nothing could honour.
    expect(screen.queryByRole('checkbox', { name: /Let businesses/ })).not.toBeInTheDocument();

    const callsBefore = api.calls.length;
    await user.click(usage);
    expect(usage).toBeChecked();
    expect(JSON.parse(localStorage.getItem(LOCAL_SETTINGS_KEY)!)).toMatchObject({ usageData: true });
    expect(api.calls).toHaveLength(callsBefore);
  });

  it('reads the saved privacy checkboxes back on the next visit', async () => {
    // An entry saved before issue 29 still holds businessOffers: it is ignored.
    localStorage.setItem(LOCAL_SETTINGS_KEY, JSON.stringify({ usageData: true, businessOffers: true }));
    await openSettings();
    expect(
      screen.getByRole('checkbox', { name: 'Share anonymous usage data to help improve the service' }),
    ).toBeChecked();
  });

  it('links to the privacy policy and the terms', async () => {
    await openSettings();
    const legal = screen.getByRole('region', { name: 'Privacy & Terms' });
    expect(within(legal).getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute(
      'href',
      '/privacy-policy',
    );
    expect(within(legal).getByRole('link', { name: 'Terms of Service' })).toHaveAttribute(
      'href',
      '/terms-of-service',
    );
  });
});

describe('your data (api-contract §9.4)', () => {
  it('downloads the account’s data as a JSON file with the access token; deletion offers it first', async () => {
    const saved: { name: string; blob: Blob }[] = [];
    let last: Blob | null = null;
    // jsdom has no object URLs; these stand in for the browser's for this test only.
    Object.assign(URL, {
      createObjectURL: (blob: Blob) => {
        last = blob;
        return 'blob:export';
      },
      revokeObjectURL: () => {},
    });
    onTestFinished(() => {
      Reflect.deleteProperty(URL, 'createObjectURL');
      Reflect.deleteProperty(URL, 'revokeObjectURL');
    });
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push({ name: this.download, blob: last! });
    });
    const { user, api } = await openSettings();
    const data = { exportedAt: '2026-12-04T10:00:00.000Z', bookingsAsCustomer: [] };
    api.on('GET', '/api/user/export', jsonResponse(200, data));
    const section = screen.getByRole('region', { name: 'Your Data' });
    expect(section).toHaveTextContent(DOWNLOAD_TEXT.hint);
    await user.click(within(section).getByRole('button', { name: 'Download My Data' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]!.name).toMatch(/^trimtime-data-\d{4}-\d{2}-\d{2}\.json$/);
    expect(JSON.parse(await saved[0]!.blob.text())).toEqual(data);
    expect(api.callsTo('GET', '/api/user/export')[0]!.headers.authorization).toMatch(/^Bearer /);
    expect(await screen.findByText(DOWNLOAD_TEXT.done)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Delete Account' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete Account' });
    expect(dialog).toHaveTextContent('Before you go, you can keep a copy of your data:');
    await user.click(within(dialog).getByRole('button', { name: 'Download My Data' }));
    await waitFor(() => expect(saved).toHaveLength(2));
  });

  it('says when the download fails, with the server’s reason', async () => {
    const { user, api } = await openSettings();
    api.on(
      'GET',
      '/api/user/export',
      apiErrorResponse(429, 'TooManyRequests', 'Too many attempts. Please try again later.'),
    );
    await user.click(screen.getByRole('button', { name: 'Download My Data' }));
    expect(await screen.findByText(DOWNLOAD_TEXT.failed)).toBeInTheDocument();
    expect(screen.getByText('Too many attempts. Please try again later.')).toBeInTheDocument();
  });
});

describe('notification settings', () => {
  const URL = '/api/user/notification-settings';
  const box = (name: string) => screen.getByRole('checkbox', { name });

  it('shows the settings the account has', async () => {
    await openSettings({
      notificationSettings: notificationSettingsResponse({ bookingUpdates: false, marketing: true }),
    });
    await waitFor(() => expect(box('Send me news and offers')).toBeChecked());
    expect(box('Email me when a booking changes')).not.toBeChecked();
    expect(box('Remind me the day before an appointment')).toBeChecked();
    expect(box('Email me booking messages I have not read')).toBeChecked();
  });

  it('saves each change with one PUT of all four settings, one save at a time', async () => {
    const settings = notificationSettingsResponse({ messages: false });
    const saved = { ...settings, bookingUpdates: false };
    const response = deferred<Response>();
    const api = stubFetch()
      .on('PUT', URL, () => response.promise)
      .on('PUT', URL, jsonResponse(200, { ...saved, marketing: true }));
    const { user } = await openSettings({ api, notificationSettings: settings });
    const updates = box('Email me when a booking changes');
    await waitFor(() => expect(updates).toBeEnabled());

    await user.click(updates);
    // Shown at once, and every box waits while the save runs.
    expect(updates).not.toBeChecked();
    expect(updates).toBeDisabled();
    expect(box('Send me news and offers')).toBeDisabled();
    await user.click(box('Send me news and offers'));
    expect(api.callsTo('PUT', URL)).toHaveLength(1);
    expect(api.callsTo('PUT', URL)[0]!.body).toEqual(saved);

    response.resolve(jsonResponse(200, saved));
    await waitFor(() => expect(updates).toBeEnabled());
    expect(updates).not.toBeChecked();
    expect(box('Send me news and offers')).not.toBeChecked();

    await user.click(box('Send me news and offers'));
    await waitFor(() => expect(api.callsTo('PUT', URL)).toHaveLength(2));
    expect(api.callsTo('PUT', URL)[1]!.body).toEqual({ ...saved, marketing: true });
    await waitFor(() => expect(box('Send me news and offers')).toBeEnabled());
    expect(box('Send me news and offers')).toBeChecked();
  });

  it("shows the server's message when a save fails and puts the checkbox back", async () => {
    const api = stubFetch().on(
      'PUT',
      URL,
      apiErrorResponse(400, 'ValidationError', 'Must be true or false', {
        reminders: 'Must be true or false',
      }),
    );
    const { user } = await openSettings({ api });
    const reminders = box('Remind me the day before an appointment');
    await waitFor(() => expect(reminders).toBeEnabled());

    await user.click(reminders);
    expect(await screen.findByText('Must be true or false')).toBeInTheDocument();
    expect(screen.getByText(MESSAGES.failedToSaveNotificationSettings)).toBeInTheDocument();
    await waitFor(() => expect(reminders).toBeEnabled());
    expect(reminders).toBeChecked();
    expect(api.callsTo('PUT', URL)).toHaveLength(1);
  });
});

describe('delete account', () => {
  it('goes through warning, final warning and the typed phrase; the button waits for the exact phrase', async () => {
    const { user, api } = await openSettings();
    const dialog = await reachPhraseStep(user);
    const input = within(dialog).getByRole('textbox', { name: 'Type DELETE MY ACCOUNT to confirm' });
    const confirm = within(dialog).getByRole('button', { name: 'Delete My Account' });
    expect(confirm).toBeDisabled();

    await user.type(input, 'delete my account');
    expect(confirm).toBeDisabled();
    await user.clear(input);
    await user.type(input, 'DELETE MY ACCOUNT ');
    expect(confirm).toBeDisabled();
    await user.clear(input);
    await user.type(input, 'DELETE MY ACCOUNT{Enter}');
    expect(confirm).toBeEnabled();
    expect(api.callsTo('DELETE', '/api/user/delete-account').length).toBeLessThanOrEqual(1);
  });

  it('can be abandoned at every step without deleting anything', async () => {
    const { user, api } = await openSettings();
    await user.click(screen.getByRole('button', { name: 'Delete Account' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    const dialog = await reachPhraseStep(user);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    // Reopening starts again at the first warning.
    await user.click(screen.getByRole('button', { name: 'Delete Account' }));
    expect(screen.getByRole('dialog', { name: 'Delete Account' })).toBeInTheDocument();
    expect(api.callsTo('DELETE', '/api/user/delete-account')).toHaveLength(0);
  });

  it("deletes, says 'Account deleted', clears the storage and goes to / after 2 seconds", async () => {
    const api = stubFetch().on(
      'DELETE',
      '/api/user/delete-account',
      jsonResponse(200, { message: 'Deleted' }),
    );
    const { user, router, queryClient } = await openSettings({ api });
    await user.click(
      screen.getByRole('checkbox', { name: 'Share anonymous usage data to help improve the service' }),
    );
    const dialog = await reachPhraseStep(user);
    await user.type(within(dialog).getByRole('textbox'), 'DELETE MY ACCOUNT');

    vi.useFakeTimers({ shouldAdvanceTime: false });
    await user.click(within(dialog).getByRole('button', { name: 'Delete My Account' }));
    await waitFor(() => expect(screen.getByText(MESSAGES.accountDeleted)).toBeInTheDocument());
    expect(api.callsTo('DELETE', '/api/user/delete-account')).toHaveLength(1);

    act(() => vi.advanceTimersByTime(DELETE_REDIRECT_MS - 100));
    expect(router.state.location.pathname).toBe('/profile');

    await act(async () => vi.advanceTimersByTime(200));
    expect(await screen.findByRole('link', { name: 'Request Now' })).toBeInTheDocument();
    // Cleared as the profile page goes (the route guard would send a token-less visitor to /login).
    await waitFor(() => expect(getSession()).toBeNull());
    expect(router.state.location.pathname).toBe('/');
    expect(localStorage.getItem(LOCAL_SETTINGS_KEY)).toBeNull();
    expect(queryClient.getQueryCache().findAll({ queryKey: queryKeys.bookings })).toHaveLength(0);
    // Signed out: the navigation offers Login again.
    expect(screen.getAllByRole('link', { name: 'Login' }).length).toBeGreaterThan(0);
  });

  it('says at the first step which bookings must be cancelled first, with links to them (issue 29, item 15)', async () => {
    const { user, router } = await openSettings({
      bookings: [
        makeBooking({
          id: 'up-1',
          Status: 'Approved',
          BookingDateTime: '2099-01-10 10:00',
          BusinessName: 'Clip Joint',
        }),
        makeBooking({
          id: 'up-2',
          Status: 'Requested',
          BookingDateTime: '2099-01-09 09:00',
          BusinessName: 'Fade Factory',
        }),
        makeBooking({ id: 'past', Status: 'Approved', BookingDateTime: '2020-01-01 10:00' }),
        makeBooking({ id: 'gone', Status: 'Cancelled', BookingDateTime: '2099-01-11 10:00' }),
      ],
    });
    await user.click(screen.getByRole('button', { name: 'Delete Account' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete Account' });
    expect(await within(dialog).findByRole('status')).toHaveTextContent(MESSAGES.activeBookingsDelete);
    const links = within(within(dialog).getByRole('list', { name: 'Bookings to cancel first' })).getAllByRole(
      'link',
    );
    expect(links.map((link) => link.textContent)).toEqual([
      'Fade Factory, Fri 9 Jan 2099, 09:00',
      'Clip Joint, Sat 10 Jan 2099, 10:00',
    ]);
    expect(within(dialog).getByRole('button', { name: 'Continue' })).toBeDisabled();

    await user.click(links[1]!);
    await waitFor(() => expect(router.state.location.search).toBe('?tab=approved&booking=up-1'));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('explains a refusal because of active bookings', async () => {
    const api = stubFetch().on(
      'DELETE',
      '/api/user/delete-account',
      apiErrorResponse(409, 'ActiveBookings', 'You have active bookings; cancel them first.'),
    );
    const { user, router } = await openSettings({ api });
    const dialog = await reachPhraseStep(user);
    await user.type(within(dialog).getByRole('textbox'), 'DELETE MY ACCOUNT');
    await user.click(within(dialog).getByRole('button', { name: 'Delete My Account' }));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Cannot delete account: You have active bookings. Please cancel or complete them first.',
    );
    expect(getSession()).not.toBeNull();
    expect(router.state.location.pathname).toBe('/profile');
  });

  it("says 'Deletion failed' for any other failure", async () => {
    const api = stubFetch().on(
      'DELETE',
      '/api/user/delete-account',
      apiErrorResponse(500, 'InternalError', 'Oops'),
    );
    const { user } = await openSettings({ api });
    const dialog = await reachPhraseStep(user);
    await user.type(within(dialog).getByRole('textbox'), 'DELETE MY ACCOUNT');
    await user.click(within(dialog).getByRole('button', { name: 'Delete My Account' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(MESSAGES.deletionFailed);
    expect(within(dialog).getByRole('alert')).not.toHaveTextContent('Oops');
  });
});
